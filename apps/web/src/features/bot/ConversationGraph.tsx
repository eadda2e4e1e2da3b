import { Graph, layout } from '@dagrejs/dagre';
import type { GraphProblem } from '@school/contract/bot';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import controls from '../../components/controls.module.css';
import type { Answer, AnswerConnector } from './botApi';
import styles from './Bot.module.css';
import { short } from './answerFields';

const NODE_WIDTH = 160;
const NODE_HEIGHT = 48;

interface Laid {
  nodes: { id: number; x: number; y: number; text: string; last: boolean; problem: boolean }[];
  edges: { id: string; points: { x: number; y: number }[]; label: string; right: boolean }[];
  width: number;
  height: number;
}

/** The answers as nodes and the buttons as edges, laid out top to bottom by dagre. */
export function layOut(
  answers: readonly Answer[],
  connectors: readonly AnswerConnector[],
  problems: readonly GraphProblem[],
): Laid {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 48, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(answers.map((a) => a.id));
  for (const answer of answers) {
    graph.setNode(String(answer.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  }
  const linked = connectors.filter(
    (c) => c.nextId !== null && ids.has(c.nextId) && ids.has(c.fromId),
  );
  for (const c of linked) {
    graph.setEdge(String(c.fromId), String(c.nextId), { width: 60, height: 16 }, String(c.id));
  }
  layout(graph);
  const flagged = new Set(problems.map((p) => p.answerId));
  const label = graph.graph();
  return {
    nodes: answers.map((a) => {
      const node = graph.node(String(a.id));
      return {
        id: a.id,
        x: node.x,
        y: node.y,
        text: short(a.text, 22),
        last: a.isLast === 1,
        problem: flagged.has(a.id),
      };
    }),
    edges: linked.map((c) => ({
      id: String(c.id),
      points: graph.edge(String(c.fromId), String(c.nextId), String(c.id)).points ?? [],
      label: short(c.text, 14),
      right: c.isRight === 1,
    })),
    width: label.width ?? 0,
    height: label.height ?? 0,
  };
}

/**
 * docs/bot.md: the conversation as a graph. Answers with a problem (unreachable, no way
 * forward, a loop with no exit) are marked; the same problems are listed in words on the answers.
 */
export function ConversationGraph({
  answers,
  connectors,
  problems,
}: {
  answers: readonly Answer[];
  connectors: readonly AnswerConnector[];
  problems: readonly GraphProblem[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const markerId = useId();
  const laid = useMemo(
    () => layOut(answers, connectors, problems),
    [answers, connectors, problems],
  );
  return (
    <section className={`${controls.card} ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('bot.graph')}</h2>
      {answers.length === 0 ? (
        <p className={styles.muted}>{t('bot.noAnswers')}</p>
      ) : (
        <>
          <p className={styles.muted}>
            {problems.length === 0
              ? t('bot.graphOk')
              : t('bot.graphProblems', { count: problems.length })}
          </p>
          <div className={styles.graphBox} role="region" aria-label={t('bot.graph')} tabIndex={0}>
            <svg
              className={styles.graph}
              role="img"
              aria-label={t('bot.graphLabel', {
                answers: t('bot.graphAnswers', { count: answers.length }),
                buttons: t('bot.graphButtons', { count: laid.edges.length }),
              })}
              width={laid.width}
              height={laid.height}
              viewBox={`0 0 ${laid.width} ${laid.height}`}
            >
              <defs>
                <marker
                  id={markerId}
                  viewBox="0 0 10 10"
                  refX="9"
                  refY="5"
                  markerWidth="7"
                  markerHeight="7"
                  orient="auto-start-reverse"
                >
                  <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrow} />
                </marker>
              </defs>
              {laid.edges.map((edge) => {
                const middle = edge.points[Math.floor(edge.points.length / 2)];
                return (
                  <g key={edge.id}>
                    <polyline
                      className={edge.right ? styles.edgeRight : styles.edge}
                      points={edge.points.map((p) => `${p.x},${p.y}`).join(' ')}
                      markerEnd={`url(#${markerId})`}
                    />
                    {middle && (
                      <text className={styles.edgeLabel} x={middle.x + 4} y={middle.y - 4}>
                        {edge.label}
                      </text>
                    )}
                  </g>
                );
              })}
              {laid.nodes.map((node) => (
                <g
                  key={node.id}
                  transform={`translate(${node.x - NODE_WIDTH / 2}, ${node.y - NODE_HEIGHT / 2})`}
                >
                  <rect
                    className={
                      node.problem ? styles.nodeProblem : node.last ? styles.nodeLast : styles.node
                    }
                    width={NODE_WIDTH}
                    height={NODE_HEIGHT}
                    rx="8"
                  />
                  <text className={styles.nodeId} x="8" y="16">
                    #{node.id}
                    {node.problem ? ' ⚠' : node.last ? ' ■' : ''}
                  </text>
                  <text className={styles.nodeText} x="8" y="36">
                    {node.text}
                  </text>
                </g>
              ))}
            </svg>
          </div>
        </>
      )}
    </section>
  );
}
