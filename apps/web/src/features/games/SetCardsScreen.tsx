import { gameSetList } from '@school/contract/games';
import { api, withQuery } from '@school/contract/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import controls from '../../components/controls.module.css';
import { RecordScreen } from '../../components/detail/RecordScreen';
import { useEntity } from '../../components/detail/useEntity';
import { deleteWithUndo } from '../../components/feedback/deleteWithUndo';
import { showFailure, showNotice } from '../../components/feedback/notices';
import { usePendingKeys } from '../../components/feedback/pendingCommits';
import { LoadingState } from '../../components/LoadingState';
import { PickForm } from '../../components/PickForm';
import { request } from '../../lib/http';
import { setCardList, setCardsUrl, type GameSetList, type SetCard } from './gamesApi';
import { SetOrderList } from './SetOrderList';
import { ShareButtons } from './ShareButtons';
import styles from './Games.module.css';

const GAMES_URL = withQuery(api.grids, { limit: 5000, sort: 'name' });

/** /setcards/{id} (docs/screens.md): the game sets a set plays, in order (moved by drag or button). */
export function SetCardsScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const entity = useEntity(api.sets, id, gameSetList);
  return (
    <RecordScreen
      entity={entity}
      title={t('titles.setCards')}
      name={(set) => set.name}
      list={{ to: '/set', back: t('titles.set'), toList: t('titles.set') }}
      notFound={t('games.setNotFound')}
    >
      {(set) => <SetCards set={set} />}
    </RecordScreen>
  );
}

function SetCards({ set }: { set: GameSetList }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pendingKeys = usePendingKeys();
  const headingId = useId();
  const key = ['set-cards', set.id];
  const cards = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => request(setCardsUrl(set.id), { schema: setCardList, signal }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['entity'] });
  };
  const failed = (error: unknown) => showFailure(error, t('messages.error'));

  const rows = (cards.data ?? []).filter((card) => !pendingKeys.has(api.setCard(card.id)));

  /** Stores an order of the set's games, shown at once; the screen reloads it either way. */
  const storeOrder = async (order: SetCard[]) => {
    queryClient.setQueryData<SetCard[]>(key, order);
    try {
      await request(api.setOrder(set.id), {
        method: 'POST',
        body: { ids: order.map((c) => c.id) },
      });
      return true;
    } catch (error) {
      failed(error);
      return false;
    } finally {
      refresh();
    }
  };

  /** Moves a game from place `from` to place `to` (by drag or by button), with an Undo. */
  const move = async (from: number, to: number, by: 'drag' | 'button') => {
    const before = [...rows];
    const order = [...rows];
    const [moved] = order.splice(from, 1);
    if (!moved || to < 0 || to >= rows.length || to === from) return;
    order.splice(to, 0, moved);
    // the focus stays with the game that moved
    requestAnimationFrame(() => {
      const dir = to > from ? 1 : -1;
      const target =
        by === 'drag'
          ? document.querySelector<HTMLButtonElement>(`[data-handle="${moved.id}"]`)
          : (document.querySelector<HTMLButtonElement>(
              `[data-card="${moved.id}"][data-dir="${dir}"]:not(:disabled)`,
            ) ??
            document.querySelector<HTMLButtonElement>(`[data-card="${moved.id}"]:not(:disabled)`));
      target?.focus();
    });
    if (!(await storeOrder(order))) return;
    showNotice({
      text: t('games.moved', { name: moved.name, position: to + 1 }),
      durationMs: 8000,
      action: { label: t('notices.undo'), run: () => void storeOrder(before) },
    });
  };

  const remove = (card: SetCard) =>
    deleteWithUndo(t, {
      key: api.setCard(card.id),
      send: () => request(api.setCard(card.id), { method: 'DELETE' }),
      check: api.setCard(card.id),
      text: t('games.removedFromSet', { name: card.name }),
      noticeMs: 8000,
      onSettled: refresh,
    });

  return (
    <section className={`${controls.card} ${styles.panel}`} aria-labelledby={headingId}>
      <div className={styles.status}>
        <h2 id={headingId}>{t('games.setGames')}</h2>
        <span role="status">{t(set.playable ? 'games.playable' : 'games.setNotPlayable')}</span>
        <ShareButtons row={set} />
      </div>
      <PickForm
        className={styles.addForm}
        label={t('games.addToSet')}
        name="grid"
        url={GAMES_URL}
        submitLabel={t('games.add')}
        onPick={(grid) =>
          request(api.setCards, { method: 'POST', body: { set: set.id, grid: Number(grid) } })
        }
        onSettled={refresh}
      />
      {cards.isPending ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('games.noGames')}</p>
      ) : (
        <SetOrderList
          rows={rows}
          onMove={(from, to, by) => void move(from, to, by)}
          onRemove={remove}
        />
      )}
    </section>
  );
}
