import { gameSetInput, gameSetUpdate, type GameType } from '@school/contract/games';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column } from '../../components/list/types';
import { GAME_KINDS, gameSetsResource, problemsText, type GameSet } from './gamesApi';
import { shareColumn } from './ShareButtons';

const FIELDS = [{ name: 'name', label: 'fields.name' }] as const;

/** /grid, /quiz, /letters, /matching (docs/screens.md): the game sets of one type. */
export function GameSetsScreen({ type }: { type: GameType }) {
  const { t } = useTranslation();
  const kind = GAME_KINDS[type];
  const resource = useMemo(() => gameSetsResource(type), [type]);
  const columns = useMemo<readonly Column<GameSet>[]>(
    () => [
      { key: 'name', label: 'fields.name', sort: 'name', value: (row) => row.name },
      { key: 'cards', label: 'fields.cards', value: (row) => row.cards, align: 'end' },
      {
        key: 'playable',
        label: 'fields.playable',
        value: (row) => problemsText(t, row.problems) ?? t('games.playable'),
      },
      shareColumn(),
    ],
    [t],
  );
  return (
    <ListScreen
      key={type}
      title={t(kind.title)}
      caption={t(kind.title)}
      fileName={kind.list.slice(1)}
      resource={resource}
      columns={columns}
      create={{
        label: t('games.newGameSet'),
        schema: gameSetInput.omit({ type: true }),
        fields: FIELDS,
        fixed: { type },
      }}
      edit={{ title: t('games.editGameSet'), schema: gameSetUpdate, fields: FIELDS }}
      actions={{ delete: true, open: (row) => `${kind.cards}/${row.id}` }}
    />
  );
}
