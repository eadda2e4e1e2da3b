import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { HttpError, request } from '../../lib/http';
import { deleteFailureMessage } from './deleteFailure';
import { invalidateResource } from './useInfiniteList';
import type { Row } from './types';

/** Delete after confirmation (SPEC §8); a refused delete alerts and the row stays. */
export function useDeleteRow<R extends Row>(path: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (row: R) => request(`${path}/${row.id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateResource(queryClient, path),
    onError: (error) => {
      const key = deleteFailureMessage(error);
      if (key !== null) window.alert(t(key));
      // 404: someone else deleted it; show the list as it is now.
      if (error instanceof HttpError && error.status === 404) invalidateResource(queryClient, path);
      if (!(error instanceof HttpError && error.status < 500)) console.error(error);
    },
  });
  const { mutate } = mutation;

  const remove = useCallback(
    (row: R) => {
      if (!window.confirm(t('messages.confirmDelete'))) return;
      mutate(row);
    },
    [mutate, t],
  );

  return { remove, deletingId: mutation.isPending ? mutation.variables.id : null };
}

/** SPEC §8: the copy action alerts 'Copied' with the copied text. */
export function useCopy() {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      window.alert(copied ? `${t('messages.copied')}: ${text}` : t('messages.copyFailed'));
    },
    [t],
  );
}
