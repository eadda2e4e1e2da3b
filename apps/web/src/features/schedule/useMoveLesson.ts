import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/feedback/notices';
import { undoDelayMs } from '../../components/feedback/pendingCommits';
import { clashesOf, refreshSchedule, updateLesson, type Lesson } from './scheduleApi';
import { useClashCheck } from './useClashCheck';

/**
 * Moves one occurrence of a lesson to another date (a drag, or an alternative date): a clash
 * is asked about first; then a notice offers Undo, which moves it back in the database.
 * Resolves true once the lesson has moved.
 */
export function useMoveLesson() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const withClashCheck = useClashCheck();
  return useCallback(
    async (
      lesson: Pick<Lesson, 'id' | 'date'>,
      date: string,
      dateText: string,
    ): Promise<boolean> => {
      if (date === lesson.date) return false;
      const from = lesson.date;
      try {
        await withClashCheck((force) =>
          updateLesson(lesson.id, { date, scope: 'this', ...(force ? { force } : {}) }),
        );
      } catch (error) {
        if (clashesOf(error) === null) console.error(error);
        showNotice({
          text: clashesOf(error) === null ? t('messages.error') : t('schedule.notMoved'),
          tone: 'error',
        });
        return false;
      } finally {
        void refreshSchedule(queryClient);
      }
      showNotice({
        text: t('schedule.moved', { date: dateText }),
        durationMs: undoDelayMs(),
        action: {
          label: t('notices.undo'),
          run: () => {
            updateLesson(lesson.id, { date: from, scope: 'this', force: true })
              .catch((error: unknown) => {
                console.error(error);
                showNotice({ text: t('messages.error'), tone: 'error' });
              })
              .finally(() => void refreshSchedule(queryClient));
          },
        },
      });
      return true;
    },
    [t, queryClient, withClashCheck],
  );
}
