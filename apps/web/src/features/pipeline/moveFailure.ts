import { HttpError, NetworkError, TimeoutError } from '../../lib/http';

/** Why a stage move failed, as far as the user can act on it. */
export type MoveFailureReason =
  'forbidden' | 'timeout' | 'noConnection' | 'notFound' | 'invalid' | 'generic';

/**
 * SPEC §8 "a failed client stage move returns to /pipeline": the failure travels in the
 * navigation's state, so the board shows it even when the user had already left it.
 */
export interface MoveFailure {
  reason: MoveFailureReason;
  name: string;
  stage: string;
  /** Differs per failure, so a repeated identical failure is announced again. */
  at: number;
}

const STATE_KEY = 'pipelineMoveFailure';

export function moveFailureReason(error: unknown): MoveFailureReason {
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof NetworkError) return 'noConnection';
  if (error instanceof HttpError) {
    if (error.status === 403) return 'forbidden';
    if (error.status === 404) return 'notFound';
    if (error.status === 400) return 'invalid';
  }
  return 'generic';
}

export function moveFailureState(failure: MoveFailure): Record<string, MoveFailure> {
  return { [STATE_KEY]: failure };
}

const REASONS: ReadonlySet<string> = new Set<MoveFailureReason>([
  'forbidden',
  'timeout',
  'noConnection',
  'notFound',
  'invalid',
  'generic',
]);

function isReason(value: unknown): value is MoveFailureReason {
  return typeof value === 'string' && REASONS.has(value);
}

/** The failure carried by the current location's state, if any (history state is untyped). */
export function readMoveFailure(state: unknown): MoveFailure | null {
  if (typeof state !== 'object' || state === null || !(STATE_KEY in state)) return null;
  const value: unknown = (state as Record<string, unknown>)[STATE_KEY];
  if (typeof value !== 'object' || value === null) return null;
  const { reason, name, stage, at } = value as Record<string, unknown>;
  if (!isReason(reason) || typeof name !== 'string' || typeof stage !== 'string') return null;
  return { reason, name, stage, at: typeof at === 'number' ? at : 0 };
}
