import type { Dictionary } from '../../i18n/i18n';
import { HttpError, TimeoutError } from '../../lib/http';

/** Form status (docs/interface.md): none shows the form; every other status hides it. */
export type FormStatus = 'none' | 'wait' | 'done' | 'error' | 'forbidden' | 'timeout';

export type MessageKey = `messages.${keyof Dictionary['messages']}`;

/** A message over the whole form: a dictionary key, or the server's own words. */
export type FormMessage = { key: MessageKey } | { text: string };

/** What a failed save leads to. */
export type SubmitOutcome =
  | { status: 'error' | 'forbidden' | 'timeout' }
  /** Back to the form, values kept: the server said what to fix (docs/interface.md, Form status; docs/api.md, Errors). */
  | { status: 'none'; fields: Record<string, string>; message: FormMessage | null };

/** 409 codes the server gives on a save, and what the form says about them. */
const CONFLICT_MESSAGES: Record<string, MessageKey> = {
  conflict: 'messages.conflict',
  last_admin: 'messages.lastAdmin',
  self: 'messages.self',
  clash: 'messages.clash',
};

/** docs/api.md, Error catalogue: 403 on save -> forbidden, 500 -> error; a time-out has its own status (docs/interface.md). */
export function classifySubmitError(error: unknown): SubmitOutcome {
  if (error instanceof TimeoutError) return { status: 'timeout' };
  if (!(error instanceof HttpError)) return { status: 'error' };
  if (error.status === 403) return { status: 'forbidden' };
  const fields = error.body?.fields ?? {};
  const hasFields = Object.keys(fields).length > 0;
  if (error.status === 400 && hasFields) return { status: 'none', fields, message: null };
  if (error.status === 409) {
    const key = CONFLICT_MESSAGES[error.body?.error ?? ''];
    // A duplicate the server can pin on a field (login taken) is shown beside that field.
    const text = error.body?.message;
    const message: FormMessage | null = hasFields
      ? null
      : key
        ? { key }
        : text
          ? { text }
          : { key: 'messages.error' };
    return { status: 'none', fields, message };
  }
  return { status: 'error' };
}
