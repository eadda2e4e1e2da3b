import { gameSetList } from '@school/contract/games';
import { api, withQuery } from '@school/contract/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import controls from '../../components/controls.module.css';
import { EntityDetail } from '../../components/detail/EntityDetail';
import { BackLink, RecordNotFound } from '../../components/detail/RecordLinks';
import { useEntity } from '../../components/detail/useEntity';
import { dismissNotice, showNotice } from '../../components/feedback/notices';
import { scheduleCommit, usePendingKeys } from '../../components/feedback/pendingCommits';
import { HeaderBlock } from '../../components/HeaderBlock';
import { deleteFailureMessage } from '../../components/list/deleteFailure';
import { LoadingState } from '../../components/LoadingState';
import { Selector } from '../../components/Selector';
import { HttpError, request } from '../../lib/http';
import { GAME_KINDS, setCardList, setCardsUrl, type GameSetList, type SetCard } from './gamesApi';
import { ShareButtons } from './ShareButtons';
import styles from './Games.module.css';

const GAMES_URL = withQuery(api.grids, { limit: 5000, sort: 'name' });

/** SPEC §2 /setcards/{id}: the game sets a set plays, in order (moved by button or key). */
export function SetCardsScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const entity = useEntity(api.sets, id, gameSetList);
  return (
    <>
      <HeaderBlock title={t('titles.setCards')} subtitle={entity.data?.name} />
      <BackLink to="/set">{t('titles.set')}</BackLink>
      <EntityDetail
        entity={entity}
        notFound={
          <RecordNotFound message={t('games.setNotFound')} to="/set" linkLabel={t('titles.set')} />
        }
      >
        {(set) => <SetCards set={set} />}
      </EntityDetail>
    </>
  );
}

function SetCards({ set }: { set: GameSetList }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pendingKeys = usePendingKeys();
  const selectId = useId();
  const headingId = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const key = ['set-cards', set.id];
  const cards = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => request(setCardsUrl(set.id), { schema: setCardList, signal }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['entity'] });
  };
  const failed = (error: unknown) => {
    const refused = error instanceof HttpError && error.status < 500;
    if (!refused) console.error(error);
    showNotice({ text: (refused && error.body?.message) || t('messages.error'), tone: 'error' });
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    try {
      await request(api.setCards, { method: 'POST', body: { set: set.id, grid: Number(chosen) } });
      setChosen('');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const rows = (cards.data ?? []).filter((card) => !pendingKeys.has(api.setCard(card.id)));

  /** Moves a game one place up or down; the new order is shown at once and then stored. */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...rows];
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + by, 0, moved);
    queryClient.setQueryData<SetCard[]>(key, order);
    try {
      await request(api.setOrder(set.id), {
        method: 'POST',
        body: { ids: order.map((c) => c.id) },
      });
      showNotice({ text: t('games.moved', { name: moved.name, position: index + by + 1 }) });
    } catch (error) {
      failed(error);
    } finally {
      refresh();
      // the focus stays on the game that moved
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLButtonElement>(`[data-card="${moved.id}"][data-dir="${by}"]`)
          ?.focus(),
      );
    }
  };

  const remove = (card: SetCard) => {
    let notice = 0;
    const undo = scheduleCommit({
      key: api.setCard(card.id),
      send: () => request(api.setCard(card.id), { method: 'DELETE' }),
      onCommitted: refresh,
      onFailed: (error) => {
        dismissNotice(notice);
        const message = deleteFailureMessage(error);
        if (message !== null) showNotice({ text: t(message), tone: 'error' });
        refresh();
      },
    });
    notice = showNotice({
      text: t('games.removedFromSet', { name: card.name }),
      durationMs: 8000,
      action: { label: t('notices.undo'), run: undo },
    });
  };

  return (
    <section className={`${controls.card} ${styles.panel}`} aria-labelledby={headingId}>
      <div className={styles.status}>
        <h2 id={headingId}>{t('games.setGames')}</h2>
        <span role="status">{t(set.playable ? 'games.playable' : 'games.setNotPlayable')}</span>
        <ShareButtons row={set} />
      </div>
      <form className={styles.addForm} onSubmit={(event) => void add(event)}>
        <label className={controls.label} htmlFor={selectId}>
          {t('games.addToSet')}
        </label>
        <div className={styles.addControls}>
          <Selector
            id={selectId}
            name="grid"
            url={GAMES_URL}
            value={chosen}
            onChange={setChosen}
            autoSelectSingle={false}
          />
          <button type="submit" className={controls.secondaryButton} disabled={busy || !chosen}>
            {t('games.add')}
          </button>
        </div>
      </form>
      {cards.isPending ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('games.noGames')}</p>
      ) : (
        <ol className={styles.setList}>
          {rows.map((card, index) => {
            const kind = GAME_KINDS[card.type as 1 | 2 | 3 | 4];
            return (
              <li key={card.id} className={styles.setItem}>
                <span className={styles.position}>{index + 1}</span>
                <span className={styles.setName}>
                  {card.name}
                  {kind && <span className={styles.muted}> · {t(kind.title)}</span>}
                </span>
                <button
                  type="button"
                  className={controls.iconButton}
                  data-card={card.id}
                  data-dir={-1}
                  aria-label={t('games.moveUp', { name: card.name })}
                  title={t('games.moveUp', { name: card.name })}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={controls.iconButton}
                  data-card={card.id}
                  data-dir={1}
                  aria-label={t('games.moveDown', { name: card.name })}
                  title={t('games.moveDown', { name: card.name })}
                  disabled={index === rows.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={controls.iconButton}
                  aria-label={t('games.removeFromSet', { name: card.name })}
                  title={t('games.removeFromSet', { name: card.name })}
                  onClick={() => remove(card)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
