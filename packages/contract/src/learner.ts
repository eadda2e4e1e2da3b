import { z } from 'zod';

export { HASH_CODE_PATTERN, isHttpUrl, LEARNER_PAGE, learnerPageLink } from './game-rules.js';

const lesson = z.object({
  /** when it starts and ends, ISO date-time (UTC): the page shows it in `timeZone` */
  start: z.string(),
  end: z.string(),
  /** the teacher's first and last name; '' when the lesson has none */
  teacher: z.string(),
  /** the lesson's course (its product); '' for none */
  course: z.string(),
  /** the student's Meet link, an http(s) address (isHttpUrl); '' for none or any other text */
  meetLink: z.string(),
  /** the lesson's homework and the student's own, '' for none */
  homework: z.string(),
});

/**
 * The learner's own page (GET /api/public/students/{hashCode}, docs/learner-page.md): only that
 * student's data, no ids but what links need, no staff e-mails or logins.
 */
export const learnerPage = z
  .object({
    /** first name and surname */
    name: z.string(),
    /** the student's language when known (their messenger's), else null */
    locale: z.enum(['en', 'pl', 'uk']).nullable(),
    /** the IANA time zone the page shows times in: the student's, else the school's */
    timeZone: z.string(),
    /** the next few lessons, soonest first */
    nextLessons: z.array(lesson),
    /** the last attendance marks, newest first */
    marks: z.array(
      z.object({
        start: z.string(),
        course: z.string(),
        presence: z.enum(['present', 'absent']),
      }),
    ),
    /** lessons that happened, to pay (toPay 1) and not paid: oldest first, and their total in zł */
    due: z.object({
      lessons: z.array(z.object({ start: z.string(), course: z.string(), amount: z.number() })),
      total: z.number(),
    }),
    /** the games to play and every game played: a link that records the play, the last score */
    games: z.array(
      z.object({
        name: z.string(),
        link: z.string(),
        /** a set (a playlist of games) rather than one game */
        isSet: z.boolean(),
        last: z
          .object({ score: z.number().int(), max: z.number().int(), playedAt: z.string() })
          .nullable(),
      }),
    ),
    /** the bot conversations, newest first, with the points per estimation group */
    conversations: z.array(
      z.object({
        name: z.string(),
        finished: z.boolean(),
        groups: z.array(z.object({ name: z.string(), points: z.number() })),
        totalPoints: z.number(),
      }),
    ),
    /** the Telegram bot's deep link; null while the bot has no username */
    botLink: z.string().nullable(),
  })
  .meta({ id: 'LearnerPage' });
export type LearnerPage = z.infer<typeof learnerPage>;
