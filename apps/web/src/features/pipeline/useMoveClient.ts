import type { Client, StageSummary } from '@school/contract/clients';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showConflictNotice } from '../../components/feedback/conflictNotice';
import { dismissNotice, showNotice } from '../../components/feedback/notices';
import {
  hasPendingCommits,
  scheduleCommit,
  undoDelayMs,
} from '../../components/feedback/pendingCommits';
import { versionConflictOf } from '../../components/form/conflict';
import { versionChain } from '../../components/form/versionChain';
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
 * The versions the moves sent from this app produced (ADR 043): a card moved again before the
 * board is read again (its first move still waiting, or just sent) sends the version the first
 * move left, not the one the card was read at. Kept outside React, like the moves waiting.
 */
const clientVersions = versionChain();

/** The move of each client being sent: a second move of the same client waits for it. */
const sending = new Map<number, Promise<void>>();

/**
 * Sends a move of `client`, shown at its version, with the version its last move left: moves
 * of one client are sent one after another (leaving the page sends every waiting move at once),
 * so the second is never refused for the first.
 */
function sendMove(client: Client, to: number, keepalive: boolean): Promise<void> {
  const before = sending.get(client.id) ?? Promise.resolve();
  const sent = before
    .catch(() => undefined)
    .then(async () => {
      const version = clientVersions.current(client.id, client.version);
      const moved = await putClientStage(client.id, to, version, keepalive);
      clientVersions.record(client.id, version, moved.version);
    });
  sending.set(client.id, sent);
  const done = () => {
    if (sending.get(client.id) === sent) sending.delete(client.id);
  };
  sent.then(done, done);
  return sent;
}

/**
 * Moves a client to another stage (docs/clients.md, Pipeline) with Undo (ADR 013). The card
 * moves at once; the PUT is sent when the Undo notice has run out, so Undo only has to put the
 * card back on screen: the server never saw the move. If the server refuses or does not
 * answer, the board is put back and the view returns to /pipeline with the reason (docs/api.md, Error catalogue);
 * when someone changed the client meanwhile (409, ADR 043) the reason says who and when, with
 * Reload, and the board is read again.
 */
export function useMoveClient(search: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
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
      const { language } = i18n;
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

      const readBoard = () => {
        void queryClient.invalidateQueries({ queryKey: pipelineKeys.columns });
        void queryClient.invalidateQueries({ queryKey: pipelineKeys.summaries });
      };
      const refresh = () => {
        // Another move still waiting would jump back if the board were read now.
        if (!hasPendingCommits(MOVE_KEY)) readBoard();
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
          send: (keepalive) => sendMove(client, to, keepalive),
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
            const conflict = versionConflictOf(error);
            if (conflict) {
              // put back and read again (putBack): the card shows where the other change left it
              showConflictNotice({
                t,
                locale: language,
                conflict,
                lead: t('pipeline.conflict.moveNotSaved', names),
                reload: readBoard,
              });
            } else {
              showNotice({ text: moveFailureText(t, error, names), tone: 'error' });
            }
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
    [queryClient, navigate, search, t, i18n],
  );
}
