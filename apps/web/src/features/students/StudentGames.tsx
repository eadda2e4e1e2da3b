import { gameResult, gameSet, linkForStudent } from '@school/contract/games';
import { api, withQuery } from '@school/contract/paths';
import type { Student } from '@school/contract/students';
import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import controls from '../../components/controls.module.css';
import { IconButton } from '../../components/IconButton';
import { useCopy } from '../../components/list/useRowActions';
import { LoadingState } from '../../components/LoadingState';
import { formatDateTime } from '../../lib/format';
import { request } from '../../lib/http';
import { useSession } from '../../lib/session';
import styles from './Students.module.css';

/**
 * The student's games: a link to each game ready to play that records this student's result,
 * and the results recorded so far (docs/games.md, Results).
 */
export function StudentGames({ student }: { student: Student }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const timeZone = session.isLoggedIn ? session.timeZone : undefined;
  const headingId = useId();
  const copy = useCopy();
  const games = useQuery({
    queryKey: ['student-games'],
    queryFn: ({ signal }) =>
      request(withQuery(api.grids, { limit: 5000, sort: 'name' }), {
        schema: z.array(gameSet),
        signal,
      }),
  });
  const results = useQuery({
    queryKey: ['student-game-results', student.id],
    queryFn: ({ signal }) =>
      request(withQuery(api.gameResults, { student: student.id, limit: 50 }), {
        schema: z.array(gameResult),
        signal,
      }),
    staleTime: 0,
  });
  const playable = (games.data ?? []).filter((game) => game.playable);
  return (
    <section className={`${controls.card} ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('students.games')}</h2>
      {results.isPending ? (
        <LoadingState />
      ) : (results.data ?? []).length === 0 ? (
        <p className={styles.muted}>{t('students.gamesEmpty')}</p>
      ) : (
        <ul className={styles.runs}>
          {results.data?.map((result) => (
            <li key={result.id} className={styles.run}>
              <strong>{result.name}</strong>
              <span>
                {t('students.gameScore', { score: result.score, max: result.max })} ·{' '}
                {t('students.gameCards', { right: result.right, wrong: result.wrong })}
              </span>
              <span className={styles.muted}>
                {formatDateTime(result.playedAt, i18n.language, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {playable.length > 0 && (
        <details className={styles.gameLinks}>
          <summary>{t('students.gameLinks')}</summary>
          <ul className={styles.links}>
            {playable.map((game) => {
              const label = t('students.copyGameLink', { name: game.name });
              return (
                <li key={game.id} className={styles.gameLink}>
                  <span>{game.name}</span>
                  <IconButton
                    label={label}
                    icon={Link2}
                    onClick={() => void copy(linkForStudent(game.link, student.hashCode))}
                  />
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </section>
  );
}
