import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirm } from '../../components/feedback/confirm';
import { clashesOf, type LessonClash } from './scheduleApi';

/** The clashes in words: "Olena Koval (student): Mon 12 Jan, 10:00–11:00". */
export function clashText(
  clashes: readonly LessonClash[],
  describe: (clash: LessonClash) => string,
): string {
  return clashes.map(describe).join('\n');
}

/**
 * Sends a lesson change; when the server answers 409 'clash' (a teacher or a participant is
 * busy then), asks whether to save anyway and, if so, sends it again with force. Cancelling
 * keeps the server's refusal as the outcome, so the form says it was not saved.
 */
export function useClashCheck() {
  const { t, i18n } = useTranslation();
  return useCallback(
    async <T>(send: (force: boolean) => Promise<T>): Promise<T> => {
      try {
        return await send(false);
      } catch (error) {
        const clashes = clashesOf(error);
        if (clashes === null) throw error;
        const day = new Intl.DateTimeFormat(i18n.language, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          timeZone: 'UTC',
        });
        const message = clashText(clashes, (clash) =>
          t('schedule.clash.item', {
            name: clash.name,
            who: t(clash.kind === 'teacher' ? 'schedule.clash.teacher' : 'schedule.clash.student'),
            date: day.format(new Date(`${clash.date}T00:00:00Z`)),
            start: clash.start,
            end: clash.end,
          }),
        );
        const yes = await askConfirm({
          title: t('schedule.clash.title'),
          message: `${t('schedule.clash.intro')}\n${message}`,
          confirmLabel: t('schedule.clash.saveAnyway'),
        });
        if (!yes) throw error;
        return send(true);
      }
    },
    [t, i18n.language],
  );
}
