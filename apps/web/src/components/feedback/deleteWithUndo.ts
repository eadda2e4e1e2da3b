import type { TFunction } from 'i18next';
import { deleteFailureMessage } from '../list/deleteFailure';
import { dismissNotice, showNotice } from './notices';
import { scheduleCommit, undoDelayMs } from './pendingCommits';

interface UndoableDelete {
  /** Names the delete while it waits (the screen hides what it names, see usePendingKeys). */
  key: string;
  send: () => Promise<unknown>;
  /** The notice that offers Undo ("Deleted …"). */
  text: string;
  /** How long the notice stays; the Undo delay unless told. */
  noticeMs?: number;
  /** The delete was sent, or refused and put back: the screen reads its data again. */
  onSettled: () => void;
}

/**
 * A delete that waits for Undo (ADR 013): a notice offers Undo; a refused delete takes the
 * notice away and says why, and the screen shows the record again.
 */
export function deleteWithUndo(t: TFunction, spec: UndoableDelete): void {
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
