import type { GraphProblem } from '@school/contract/bot';
import type { TFunction } from 'i18next';

/** A graph problem in the chosen language, naming the answer by its text. */
export function problemText(
  t: TFunction,
  problem: GraphProblem,
  answerText: ReadonlyMap<number, string>,
): string {
  const answer = problem.answerId === null ? '' : (answerText.get(problem.answerId) ?? '');
  const short = answer.length > 60 ? `${answer.slice(0, 57)}…` : answer;
  return t(`bot.problem.${problem.kind}`, { answer: short });
}
