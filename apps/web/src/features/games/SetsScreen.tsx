import { setInput, setUpdate } from '@school/contract/games';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list/ListScreen';
import type { Column } from '../../components/list/types';
import { setsResource, type GameSetList } from './gamesApi';
import { shareColumn } from './ShareButtons';

const FIELDS = [{ name: 'name', label: 'fields.name' }] as const;

/** /set (docs/screens.md): sets of game sets, played in order with one total score. */
export function SetsScreen() {
  const { t } = useTranslation();
  const columns = useMemo<readonly Column<GameSetList>[]>(
    () => [
      { key: 'name', label: 'fields.name', sort: 'name', value: (row) => row.name },
      { key: 'games', label: 'fields.games', value: (row) => row.games, align: 'end' },
      {
        key: 'playable',
        label: 'fields.playable',
        value: (row) => t(row.playable ? 'games.playable' : 'games.setNotPlayable'),
      },
      shareColumn(),
    ],
    [t],
  );
  return (
    <ListScreen
      title={t('titles.set')}
      caption={t('titles.set')}
      fileName="sets"
      resource={setsResource}
      columns={columns}
      create={{ label: t('games.newSet'), schema: setInput, fields: FIELDS }}
      edit={{ title: t('games.editSet'), schema: setUpdate, fields: FIELDS }}
      actions={{ delete: true, open: (row) => `/setcards/${row.id}` }}
    />
  );
}
