import type { Client, StageSummary } from '@school/contract/clients';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../lib/http';
import { shiftSummaries, withClientOnTop, withoutClient, type ColumnData } from './boardCache';
import { moveFailureReason, moveFailureState } from './moveFailure';
import { PIPELINE_PATH, pipelineKeys, putClientStage } from './pipelineApi';
import { fullName } from './pipelineFormat';

export interface MoveRequest {
  client: Client;
  from: number;
  to: number;
  /** The target stage's name, for the failure message. */
  toName: string;
}

interface Snapshot {
  entries: [QueryKey, unknown][];
}

/**
 * Moves a client to another stage (SPEC §4, DESIGN §3 Pipeline). The card moves at once; if the
 * server refuses or does not answer, the board is put back as it was and the view returns to
 * /pipeline with the reason (SPEC §8).
 */
export function useMoveClient(search: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Mounted means the board is on screen: the failure then replaces the current history entry
  // instead of adding a second /pipeline one.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return useMutation<Client, unknown, MoveRequest, Snapshot>({
    mutationFn: ({ client, to }) => putClientStage(client.id, to),
    onMutate: async ({ client, from, to }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: pipelineKeys.columns }),
        queryClient.cancelQueries({ queryKey: pipelineKeys.summaries }),
      ]);
      const entries: [QueryKey, unknown][] = [
        ...queryClient.getQueriesData({ queryKey: pipelineKeys.columns }),
        ...queryClient.getQueriesData({ queryKey: pipelineKeys.summaries }),
      ];
      const moved: Client = { ...client, stage: to, stageChangedAt: new Date().toISOString() };
      queryClient.setQueriesData<ColumnData>({ queryKey: pipelineKeys.columnsOf(from) }, (data) =>
        withoutClient(data, client.id),
      );
      queryClient.setQueryData<ColumnData>(pipelineKeys.column(to, search), (data) =>
        withClientOnTop(data, moved),
      );
      queryClient.setQueriesData<StageSummary[]>({ queryKey: pipelineKeys.summaries }, (data) =>
        shiftSummaries(data, from, to, client.price),
      );
      return { entries };
    },
    onError: (error, { client, toName }, snapshot) => {
      for (const [key, data] of snapshot?.entries ?? []) queryClient.setQueryData(key, data);
      // A 401 has already sent the user to /login (http.ts); the board is no place to return to.
      if (error instanceof HttpError && error.status === 401) return;
      const failure = {
        reason: moveFailureReason(error),
        name: fullName(client),
        stage: toName,
        at: Date.now(),
      };
      void navigate(PIPELINE_PATH, { state: moveFailureState(failure), replace: mounted.current });
    },
    onSettled: (_data, _error, { from, to }) => {
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.columnsOf(from) });
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.columnsOf(to) });
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.summaries });
    },
  });
}
