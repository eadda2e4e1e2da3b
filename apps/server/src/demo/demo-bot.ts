import { randomBytes } from 'node:crypto';
import {
  ANSWER_TYPE_BUTTONS,
  ANSWER_TYPE_FINAL,
  ANSWER_TYPE_FREE_TEXT,
  ESTIMATION_NONE,
  ESTIMATION_POINTS_PER_GROUP,
} from '@school/contract/bot';
import type { Db } from '../db/client.js';
import {
  answerConnectors,
  answers,
  conversationProgress,
  conversations,
  estimationGroups,
} from '../db/schema/bot.js';
import { replyToRun, startOrResume } from '../modules/bot/bot.queries.js';
import type { Reply } from '../modules/bot/bot.engine.js';

interface DemoButton {
  text: string;
  to?: number;
  isRight?: 1;
  point?: number;
  group?: number;
  url?: string;
}
interface DemoAnswer {
  text: string;
  type?: number;
  isLast?: 1;
  buttons?: DemoButton[];
}

async function conversation(
  db: Db,
  fields: Omit<typeof conversations.$inferInsert, 'hashCode'>,
  groupNames: string[],
  plan: DemoAnswer[],
) {
  const [conv] = await db
    .insert(conversations)
    .values({ ...fields, hashCode: randomBytes(16).toString('base64url') })
    .returning();
  if (!conv) throw new Error('demo conversation not created');
  const groups = groupNames.length
    ? await db
        .insert(estimationGroups)
        .values(groupNames.map((name) => ({ name, conversationId: conv.id })))
        .returning({ id: estimationGroups.id })
    : [];
  const ids = (
    await db
      .insert(answers)
      .values(
        plan.map((a) => ({
          conversationId: conv.id,
          text: a.text,
          answerTypeId: a.type ?? ANSWER_TYPE_BUTTONS,
          isLast: a.isLast ?? 0,
        })),
      )
      .returning({ id: answers.id })
  ).map((a) => a.id);
  const buttons = plan.flatMap((a, i) =>
    (a.buttons ?? []).map((b) => ({
      fromId: ids[i] ?? 0,
      nextId: b.to === undefined ? null : (ids[b.to] ?? null),
      text: b.text,
      isRight: b.isRight ?? 0,
      url: b.url ?? '',
      point: String(b.point ?? 0),
      estimationGroupId: b.group === undefined ? null : (groups[b.group]?.id ?? null),
    })),
  );
  const connectorIds = (
    await db.insert(answerConnectors).values(buttons).returning({ id: answerConnectors.id })
  ).map((c) => c.id);
  return { id: conv.id, connectorIds };
}

/**
 * Drives a demo run as the bot would: started, then the given replies (a button by its index
 * among the conversation's buttons, or typed text).
 */
async function demoRun(
  db: Db,
  conversationId: number,
  studentId: number,
  replies: (number | string)[],
  connectorIds: number[],
) {
  const [run] = await db
    .insert(conversationProgress)
    .values({ studentId, conversationId, isBot: replies.length ? 1 : 0 })
    .returning({ id: conversationProgress.id });
  if (!run || replies.length === 0) return;
  await startOrResume(db, run.id, 'en');
  for (const [step, r] of replies.entries()) {
    const reply: Reply =
      typeof r === 'string' ? { text: r } : { connectorId: connectorIds[r] ?? 0 };
    await replyToRun(db, run.id, reply, step, 'en');
  }
}

/**
 * Two published conversations (a short grammar test scored per estimation group, and a
 * lesson feedback survey) with a few runs: finished, half-way and not yet started.
 */
export async function loadDemoBot(db: Db, students: number[]) {
  const test = await conversation(
    db,
    {
      name: 'Present simple check',
      description: 'Five minutes of grammar and words after the A1 lessons',
      typeId: 2,
      levelId: 1,
      isPresent: 1,
      isPublic: 1,
      estimationFunctionId: ESTIMATION_POINTS_PER_GROUP,
    },
    ['Grammar', 'Vocabulary'],
    [
      {
        text: "Hi! Let's check the present simple. She ___ to school every day.",
        buttons: [
          { text: 'go', to: 1, group: 0 },
          { text: 'goes', to: 1, isRight: 1, point: 1, group: 0 },
          {
            text: 'Rules',
            url: 'https://learnenglish.britishcouncil.org/grammar/a1-a2-grammar/present-simple',
          },
        ],
      },
      {
        text: 'I ___ coffee in the morning.',
        buttons: [
          { text: 'drink', to: 2, isRight: 1, point: 1, group: 0 },
          { text: 'drinks', to: 2, group: 0 },
        ],
      },
      {
        text: 'Write the plural of "child".',
        type: ANSWER_TYPE_FREE_TEXT,
        buttons: [
          { text: 'children', to: 3, isRight: 1, point: 2, group: 1 },
          { text: '*', to: 3, group: 1 },
        ],
      },
      {
        text: 'Thank you! Your teacher will see your answers.',
        type: ANSWER_TYPE_FINAL,
        isLast: 1,
      },
    ],
  );
  const survey = await conversation(
    db,
    {
      name: 'Lesson feedback',
      description: 'How did the lesson go?',
      typeId: 3,
      isPresent: 1,
      isPublic: 0,
      estimationFunctionId: ESTIMATION_NONE,
    },
    [],
    [
      {
        text: "How was today's lesson?",
        buttons: [
          { text: 'Great', to: 1 },
          { text: 'OK', to: 1 },
          { text: 'Too difficult', to: 1 },
        ],
      },
      { text: 'Thanks for your feedback!', type: ANSWER_TYPE_FINAL, isLast: 1 },
    ],
  );
  const [a, b, c, d] = students;
  if (a) await demoRun(db, test.id, a, [1, 3, 'children'], test.connectorIds);
  if (b) await demoRun(db, test.id, b, [0, 4, 'childs'], test.connectorIds);
  if (c) await demoRun(db, test.id, c, [1], test.connectorIds);
  if (d) await demoRun(db, test.id, d, [], test.connectorIds);
  if (a) await demoRun(db, survey.id, a, [0], survey.connectorIds);
  if (b) await demoRun(db, survey.id, b, [], survey.connectorIds);
}
