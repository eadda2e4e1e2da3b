import type { GraphProblem } from '@school/contract/bot';
import { startAnswer, type Graph } from './bot.engine.js';

/**
 * The graph check a conversation passes before it is published (ADR 019): every answer
 * reachable from the start, every answer that is not the last one has a way forward, and from
 * every answer some last answer can be reached (no loop without an exit).
 */
export function checkGraph(graph: Pick<Graph, 'answers' | 'connectors'>): GraphProblem[] {
  const start = startAnswer({ ...graph, estimationFunction: 0, groups: [] });
  if (!start) {
    return [{ kind: 'empty', answerId: null, message: 'The conversation has no answers' }];
  }
  const problems: GraphProblem[] = [];
  const forward = new Map<number, number[]>();
  const backward = new Map<number, number[]>();
  for (const a of graph.answers) {
    forward.set(a.id, []);
    backward.set(a.id, []);
  }
  for (const c of graph.connectors) {
    if (c.nextId === null || !forward.has(c.fromId) || !forward.has(c.nextId)) continue;
    forward.get(c.fromId)?.push(c.nextId);
    backward.get(c.nextId)?.push(c.fromId);
  }
  const reach = (from: number[], edges: Map<number, number[]>) => {
    const seen = new Set(from);
    const queue = [...from];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      for (const next of edges.get(id) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return seen;
  };
  const reachable = reach([start.id], forward);
  const lasts = graph.answers.filter((a) => a.isLast === 1).map((a) => a.id);
  const canFinish = reach(lasts, backward);
  if (lasts.length === 0) {
    problems.push({ kind: 'noEnd', answerId: null, message: 'No answer is marked as the last' });
  }
  const label = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  for (const a of [...graph.answers].sort((x, y) => x.id - y.id)) {
    const name = `Answer ${a.id} "${label(a.text)}"`;
    if (!reachable.has(a.id)) {
      problems.push({
        kind: 'unreachable',
        answerId: a.id,
        message: `${name} cannot be reached from the start`,
      });
    } else if (a.isLast !== 1 && (forward.get(a.id)?.length ?? 0) === 0) {
      problems.push({
        kind: 'deadEnd',
        answerId: a.id,
        message: `${name} has no button to a next answer and is not the last`,
      });
    } else if (lasts.length > 0 && !canFinish.has(a.id)) {
      problems.push({
        kind: 'loop',
        answerId: a.id,
        message: `${name} is in a loop with no way to a last answer`,
      });
    }
  }
  return problems;
}
