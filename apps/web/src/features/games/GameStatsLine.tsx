import { gameStats } from '@school/contract/games';
import { api } from '@school/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/http';
import styles from './Games.module.css';

/** How many of the cards most often missed the line names. */
const MISSED_SHOWN = 3;

/** How often a game was played and by how many students, and the cards missed most. */
export function GameStatsLine({ gridId }: { gridId: number }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: ['game-stats', gridId],
    queryFn: ({ signal }) => request(api.gridStats(gridId), { schema: gameStats, signal }),
    enabled: gridId > 0,
  });
  if (!stats.data) return null;
  const { plays, students, missed } = stats.data;
  const worst = missed
    .filter((card) => card.wrong > 0)
    .slice(0, MISSED_SHOWN)
    .map(({ value, wrong, seen }) =>
      t('games.missedCard', { card: value.slice(0, 60), wrong, seen }),
    )
    .join(', ');
  return (
    <span className={styles.hint}>
      {t('games.plays', { count: plays, students })}
      {worst && ` · ${t('games.mostMissed', { cards: worst })}`}
    </span>
  );
}
