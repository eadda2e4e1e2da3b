import { api } from '@school/contract/paths';
import { gameSet, gridCardInput, gridCardUpdate, type GameType } from '@school/contract/games';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../components/detail/RecordLinks';
import { parseId, useEntity } from '../../components/detail/useEntity';
import type { FieldSpec } from '../../components/form/fields';
import { ListScreen } from '../../components/list/ListScreen';
import { LIST_QUERY_KEY } from '../../components/list/useInfiniteList';
import type { Column } from '../../components/list/types';
import { cardsResource, GAME_KINDS, problemsText, type GridCard } from './gamesApi';
import { GameStatsLine } from './GameStatsLine';
import { ShareButtons } from './ShareButtons';
import styles from './Games.module.css';

/** The value and answer of a card, labelled for the game (docs/games.md). */
const CARD_FIELDS: Record<GameType, readonly FieldSpec[]> = {
  1: [
    { name: 'value', label: 'fields.tileText', kind: 'textarea' },
    { name: 'answer', label: 'fields.tileAnswer' },
  ],
  2: [
    { name: 'value', label: 'fields.question', kind: 'textarea' },
    { name: 'answer', label: 'fields.rightAnswer', required: true },
  ],
  3: [
    { name: 'value', label: 'fields.word' },
    { name: 'answer', label: 'fields.hint' },
  ],
  4: [
    { name: 'value', label: 'fields.sentence', kind: 'textarea' },
    { name: 'answer', label: 'fields.missingWord', required: true },
  ],
};

/** /gridcards, /quizcards, /letters, /matchexamples {id} (docs/screens.md): the cards of a game set. */
export function CardsScreen({ type }: { type: GameType }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const gridId = parseId(id) ?? 0;
  const game = useEntity(api.grids, id, gameSet);
  const queryClient = useQueryClient();
  const { refetch } = game;
  // whether the game can be played follows its cards: read it again when they have changed
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const [kind, path] = event.query.queryKey as unknown[];
        if (
          event.type === 'updated' &&
          event.action.type === 'success' &&
          kind === LIST_QUERY_KEY &&
          path === api.gridCards
        ) {
          void refetch();
        }
      }),
    [queryClient, refetch],
  );
  const kind = GAME_KINDS[type];
  const resource = useMemo(() => cardsResource(gridId), [gridId]);
  const fields = CARD_FIELDS[type];
  const [valueField, answerField] = fields;
  const columns = useMemo<readonly Column<GridCard>[]>(
    () => [
      {
        key: 'order',
        label: 'fields.order',
        sort: 'order',
        value: (row) => row.order + 1,
        align: 'end',
      },
      { key: 'value', label: valueField?.label ?? 'fields.text', value: (row) => row.value },
      { key: 'answer', label: answerField?.label ?? 'fields.text', value: (row) => row.answer },
    ],
    [valueField, answerField],
  );
  const title = game.data ? t('games.cardsOf', { name: game.data.name }) : t(kind.cardsTitle);
  const problems = game.data ? problemsText(t, game.data.problems) : null;
  return (
    <ListScreen
      key={gridId}
      title={title}
      caption={title}
      fileName="cards"
      resource={resource}
      columns={columns}
      intro={
        <div className={styles.about}>
          <div className={styles.status}>
            <BackLink to={kind.list}>{t(kind.title)}</BackLink>
            <span className={styles.hint}>{t(`games.kinds.${kind.words}.hint`)}</span>
          </div>
          {game.data && (
            <div className={styles.status}>
              <span role="status">{problems ?? t('games.playable')}</span>
              <ShareButtons row={game.data} />
              <GameStatsLine gridId={gridId} />
            </div>
          )}
        </div>
      }
      create={{
        label: t('games.newCard'),
        schema: gridCardInput.omit({ grid: true }),
        fields,
        fixed: { grid: gridId },
      }}
      edit={{ title: t('games.editCard'), schema: gridCardUpdate, fields }}
      actions={{ delete: true }}
    />
  );
}
