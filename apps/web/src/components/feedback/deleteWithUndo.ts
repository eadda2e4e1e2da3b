import type { TFunction } from 'i18next';
import { HttpError, request } from '../../lib/http';
import { deleteFailureMessage } from '../list/deleteFailure';
import { dismissNotice, showNotice } from './notices';
import { scheduleCommit, undoDelayMs } from './pendingCommits';

/** The address of a delete's dry run (docs/api.md, Delete check; ADR 025). */
export function dryRunOf(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}dryRun=true`;
}

/** What the server says of a delete before it is offered with Undo. */
export type DeleteCheck = 'deletable' | 'refused' | 'gone';

/**
 * Asks the server whether `url` can be deleted, deleting nothing (ADR 025). A refusal says why
 * at once, in the words a refused delete uses (docs/interface.md, Messages); a record that is
 * gone already says nothing (the screen reads its data again).
 */
export async function checkDelete(t: TFunction, url: string): Promise<DeleteCheck> {
  try {
    await request(dryRunOf(url), { method: 'DELETE' });
    return 'deletable';
  } catch (error) {
    const message = deleteFailureMessage(error);
    if (message !== null) showNotice({ text: t(message), tone: 'error' });
    if (!(error instanceof HttpError && error.status < 500)) console.error(error);
    return error instanceof HttpError && error.status === 404 ? 'gone' : 'refused';
  }
}

interface UndoableDelete {
  /** Names the delete while it waits (the screen hides what it names, see usePendingKeys). */
  key: string;
  send: () => Promise<unknown>;
  /**
   * The address whose dry run (docs/api.md) says first whether the server would refuse the
   * delete (a linked record); null only where nothing can refuse it, for a reason ADR 025 gives.
   */
  check: string | null;
  /** The notice that offers Undo ("Deleted …"). */
  text: string;
  /** How long the notice stays; the Undo delay unless told. */
  noticeMs?: number;
  /** The delete was sent, or refused and put back: the screen reads its data again. */
  onSettled: () => void;
}

/**
 * A delete that waits for Undo (ADR 013), checked first (ADR 025): a delete the server would
 * refuse says why at once and hides nothing; else a notice offers Undo while the record is
 * hidden. A delete refused when it is finally sent takes the notice away and says why, and the
 * screen shows the record again.
 */
export async function deleteWithUndo(t: TFunction, spec: UndoableDelete): Promise<void> {
  if (spec.check !== null && (await checkDelete(t, spec.check)) !== 'deletable') {
    spec.onSettled();
    return;
  }
  let notice = 0;
  const undo = scheduleCommit({
    key: spec.key,
    send: spec.send,
    onCommitted: spec.onSettled,
    onFailed: (error) => {
      dismissNotice(notice);
      const message = deleteFailureMessage(error);
      if (message !== null) showNotice({ text: t(message), tone: 'error' });
      spec.onSettled();
    },
  });
  notice = showNotice({
    text: spec.text,
    durationMs: spec.noticeMs ?? undoDelayMs(),
    action: { label: t('notices.undo'), run: undo },
  });
}
