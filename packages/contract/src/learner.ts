import { z } from 'zod';
import { CURRENCIES } from './bank.js';

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
    /**
     * what is owed, from the ledger: every charge not yet covered, oldest first, with the lesson's
     * date (YYYY-MM-DD), its course ('' for none; '' and `adjustment` true for an amount staff
     * added) and the amount left, and their total; amounts as two-decimal strings ("120.00")
     */
    due: z.object({
      lessons: z.array(
        z.object({
          date: z.string(),
          course: z.string(),
          adjustment: z.boolean(),
          amount: z.string(),
        }),
      ),
      total: z.string(),
    }),
    /** the balance and how to pay (docs/learner-page.md, How to pay; ADR 040) */
    account: z.object({
      /** due - credit, two decimals: + owed, - credit ("-20.00") */
      balance: z.string(),
      due: z.string(),
      credit: z.string(),
      currency: z.enum(CURRENCIES),
      /** the student's payment reference */
      reference: z.string(),
      /** the title a transfer carries: the reference, then the student's name (32 at most) */
      transferTitle: z.string(),
      /** the school's IBAN, normalised (no spaces); null while the school has none: no "how to pay" */
      iban: z.string().nullable(),
      schoolName: z.string(),
      /** the address of the payment QR code (SVG); null when nothing is due or there is no IBAN */
      qrCode: z.string().nullable(),
    }),
    /**
     * the months (YYYY-MM, newest first) in which the student's account has entries: each has a
     * statement to download (GET /api/public/students/{hashCode}/statement?month=)
     */
    statementMonths: z.array(z.string()),
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
