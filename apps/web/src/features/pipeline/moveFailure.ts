import type { TFunction } from 'i18next';
import { HttpError, NetworkError, TimeoutError } from '../../lib/http';

/** Why a stage move failed, as far as the user can act on it. */
export type MoveFailureReason =
  'forbidden' | 'timeout' | 'noConnection' | 'notFound' | 'invalid' | 'generic';

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

function reasonText(t: TFunction, reason: MoveFailureReason): string | null {
  switch (reason) {
    case 'forbidden':
      return t('messages.forbidden');
    case 'timeout':
      return t('messages.timeout');
    case 'noConnection':
      return t('pipeline.noConnection');
    case 'notFound':
      return t('pipeline.notFound');
    case 'invalid':
      return t('pipeline.invalidStage');
    case 'generic':
      return null;
  }
}

/** docs/api.md, Error catalogue: a failed stage move; the card is already back in its column when this shows. */
export function moveFailureText(
  t: TFunction,
  error: unknown,
  names: { name: string; stage: string },
): string {
  const reason = reasonText(t, moveFailureReason(error));
  const moveFailed = t('pipeline.moveFailed', names);
  return reason === null ? moveFailed : `${moveFailed} ${reason}`;
}
