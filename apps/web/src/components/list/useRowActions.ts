import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { HttpError, request } from '../../lib/http';
import type { Page } from '../../lib/page';
import { askConfirm } from '../feedback/confirm';
import { checkDelete } from '../feedback/deleteWithUndo';
import { showNotice, dismissNotice } from '../feedback/notices';
import { scheduleCommit, undoDelayMs } from '../feedback/pendingCommits';
import { deleteFailureMessage } from './deleteFailure';
import { invalidateResource, LIST_QUERY_KEY } from './useInfiniteList';
import type { CopyValue, Resource, Row } from './types';

/** The key under which a row's delete waits in the queue; ListView hides such rows. */
export function pendingDeleteKey(path: string, id: number): string {
  return `DELETE ${path}/${id}`;
}

/** How the confirmation and the notices name a row ("client Olena Koval"). */
export function recordName<R extends Row>(
  resource: Resource<R>,
  row: R,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  return resource.recordName ? resource.recordName(row, t) : resource.rowLabel(row);
}

/**
 * Delete after confirmation (docs/interface.md, Messages) with Undo (ADR 013): the server is
 * asked first whether it would refuse (ADR 025: a linked row says so at once and stays); then
 * the row leaves the list at once, the DELETE is sent when the Undo notice has run out; Undo
 * drops it before it was ever sent. A delete refused even so brings the row back and says why.
 */
export function useDeleteRow<R extends Row>(resource: Resource<R>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { path } = resource;

  return useCallback(
    async (row: R) => {
      const name = recordName(resource, row, t);
      const yes = await askConfirm({
        title: t('list.deleteRecord', { record: name }),
        message: t('messages.confirmDelete'),
        confirmLabel: t('list.deleteConfirm'),
      });
      if (!yes) return;
      const checked = await checkDelete(t, `${path}/${row.id}`);
      // 404: someone else deleted it; show the list as it is now.
      if (checked === 'gone') invalidateResource(queryClient, path);
      if (checked !== 'deletable') return;
      const delay = undoDelayMs();
      let notice = 0;
      const undo = scheduleCommit(
        {
          key: pendingDeleteKey(path, row.id),
          record: `${path}/${row.id}`,
          send: (keepalive) => request(`${path}/${row.id}`, { method: 'DELETE', keepalive }),
          onCommitted: () => {
            // sent early, by the record's screen opened meanwhile: Undo is no longer possible
            dismissNotice(notice);
            // Out of the cached pages before the row stops being hidden, so it never flashes.
            queryClient.setQueriesData<InfiniteData<Page<R>>>(
              { queryKey: [LIST_QUERY_KEY, path] },
              (data) =>
                data && {
                  ...data,
                  pages: data.pages.map((page) => ({
                    ...page,
                    items: page.items.filter((item) => item.id !== row.id),
                    total: page.total === null ? null : page.total - 1,
                  })),
                },
            );
            invalidateResource(queryClient, path);
          },
          onFailed: (error) => {
            dismissNotice(notice);
            const key = deleteFailureMessage(error);
            if (key !== null) showNotice({ text: t(key), tone: 'error' });
            // 404: someone else deleted it; show the list as it is now.
            if (error instanceof HttpError && error.status === 404) {
              invalidateResource(queryClient, path);
            }
            if (!(error instanceof HttpError && error.status < 500)) console.error(error);
          },
        },
        delay,
      );
      notice = showNotice({
        text: t('list.deleted', { record: name }),
        action: { label: t('notices.undo'), run: undo },
        durationMs: delay,
      });
    },
    [resource, path, queryClient, t],
  );
}

/**
 * docs/interface.md, Messages: the copy action says 'Copied' with the copied text (a notice, not an alert).
 */
export function useCopy() {
  const { t } = useTranslation();
  return useCallback(
    async (text: CopyValue) => {
      const copied = await copyText(text);
      if (copied) showNotice({ text: `${t('messages.copied')}: ${text}` });
      else showNotice({ text: t('messages.copyFailed'), tone: 'error' });
    },
    [t],
  );
}
