import type { Client, StageSummary } from '@school/contract/clients';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dismissNotice, showNotice } from '../../components/feedback/notices';
import {
  hasPendingCommits,
  scheduleCommit,
  undoDelayMs,
} from '../../components/feedback/pendingCommits';
import { HttpError } from '../../lib/http';
import { shiftSummaries, withClientOnTop, withoutClient, type ColumnData } from './boardCache';
import { moveFailureText } from './moveFailure';
import { clientPath, PIPELINE_PATH, pipelineKeys, putClientStage } from './pipelineApi';
import { fullName } from './pipelineFormat';

export interface MoveRequest {
  client: Client;
  from: number;
  to: number;
  /** The target stage's name, for the notices. */
  toName: string;
}

export interface MoveHandlers {
  /** The card is back in its old column (Undo, or the server refused the move). */
  onReturned?: () => void;
}

/** Queue keys of stage moves; the board refreshes from the server only when none waits. */
const MOVE_KEY = 'PUT client stage';

/**
 * Moves a client to another stage (docs/clients.md, Pipeline) with Undo (ADR 013). The card
 * moves at once; the PUT is sent when the Undo notice has run out, so Undo only has to put the
 * card back on screen: the server never saw the move. If the server refuses or does not
 * answer, the board is put back and the view returns to /pipeline with the reason (docs/api.md, Error catalogue).
 */
export function useMoveClient(search: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  // Mounted means the board is on screen: the failure then replaces the current history entry
  // instead of adding a second /pipeline one.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return useCallback(
    (request: MoveRequest, handlers: MoveHandlers = {}) => {
      const { client, from, to, toName } = request;
      void queryClient.cancelQueries({ queryKey: pipelineKeys.columns });
      void queryClient.cancelQueries({ queryKey: pipelineKeys.summaries });
      const before: [QueryKey, unknown][] = queryClient.getQueriesData({
        queryKey: pipelineKeys.columnsOf(from),
      });
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

      const refresh = () => {
        // Another move still waiting would jump back if the board were read now.
        if (hasPendingCommits(MOVE_KEY)) return;
        void queryClient.invalidateQueries({ queryKey: pipelineKeys.columns });
        void queryClient.invalidateQueries({ queryKey: pipelineKeys.summaries });
      };
      const putBack = () => {
        queryClient.setQueriesData<ColumnData>({ queryKey: pipelineKeys.columnsOf(to) }, (data) =>
          withoutClient(data, client.id),
        );
        // The old column as it was: the card in its old place.
        for (const [key, data] of before) queryClient.setQueryData(key, data);
        queryClient.setQueriesData<StageSummary[]>({ queryKey: pipelineKeys.summaries }, (data) =>
          shiftSummaries(data, to, from, client.price),
        );
        handlers.onReturned?.();
        refresh();
      };

      const delay = undoDelayMs();
      const names = { name: fullName(client), stage: toName };
      let notice = 0;
      const undo = scheduleCommit(
        {
          key: `${MOVE_KEY} ${client.id}`,
          record: clientPath(client.id),
          send: (keepalive) => putClientStage(client.id, to, keepalive),
          onCommitted: () => {
            // sent early, by the client's page opened meanwhile: Undo is no longer possible
            dismissNotice(notice);
            refresh();
          },
          onUndone: putBack,
          onFailed: (error) => {
            dismissNotice(notice);
            putBack();
            // A 401 has already sent the user to /login (http.ts); no board to return to.
            if (error instanceof HttpError && error.status === 401) return;
            showNotice({ text: moveFailureText(t, error, names), tone: 'error' });
            void navigate(PIPELINE_PATH, { replace: mounted.current });
          },
        },
        delay,
      );
      notice = showNotice({
        text: t('pipeline.moved', names),
        action: { label: t('notices.undo'), run: undo },
        durationMs: delay,
      });
    },
    [queryClient, navigate, search, t],
  );
}
