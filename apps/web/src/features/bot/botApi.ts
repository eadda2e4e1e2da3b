import { api, withQuery } from '@school/contract/paths';
import {
  answer,
  answerConnector,
  conversation,
  conversationProgress,
  estimation,
  estimationGroup,
  graphCheck,
  message,
  preview,
  type Answer,
  type AnswerConnector,
  type Conversation,
  type ConversationProgress,
  type EstimationGroup,
  type Preview,
} from '@school/contract/bot';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Resource } from '../../components/list/types';
import { request } from '../../lib/http';

/** Every query of the conversation screen starts with this key. */
export const BOT_KEY = 'bot';

/** The conversations of one kind: public (isPublic 1) or personal (0), toggle (docs/screens.md, Bot screens). */
export function conversationsResource(isPublic: 0 | 1): Resource<Conversation> {
  return {
    path: api.conversations,
    listPath: withQuery(api.conversations, { isPublic }),
    list: z.array(conversation),
    rowLabel: (row) => row.name,
    recordName: (row, t) => t('records.conversation', { name: row.name }),
  };
}

/** Whether the Telegram bot runs (BOT_TOKEN), shared with the other screens that need it. */
export { useBotStatus } from '../../components/useBotStatus';

export function useConversation(id: number) {
  return useQuery({
    queryKey: [BOT_KEY, 'conversation', id],
    queryFn: ({ signal }) => request(api.conversation(id), { schema: conversation, signal }),
  });
}

export function useAnswers(conversationId: number) {
  return useQuery({
    queryKey: [BOT_KEY, 'answers', conversationId],
    queryFn: ({ signal }) =>
      request(withQuery(api.answers, { conversationId, limit: 5000, sort: 'id' }), {
        schema: z.array(answer),
        signal,
      }),
  });
}

/** Every button of the conversation: one request per answer would be many. */
export function useConnectors(answers: readonly Answer[] | undefined) {
  const ids = (answers ?? []).map((a) => a.id);
  return useQuery({
    queryKey: [BOT_KEY, 'connectors', ids],
    enabled: answers !== undefined,
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        ids.map((fromId) =>
          request(withQuery(api.answerConnectors, { fromId, limit: 5000 }), {
            schema: z.array(answerConnector),
            signal,
          }),
        ),
      );
      return lists.flat();
    },
  });
}

export function useEstimationGroups(conversationId: number) {
  return useQuery({
    queryKey: [BOT_KEY, 'groups', conversationId],
    queryFn: ({ signal }) =>
      request(withQuery(api.estimationGroup, { conversation: conversationId, limit: 5000 }), {
        schema: z.array(estimationGroup),
        signal,
      }),
  });
}

export function useGraphCheck(conversationId: number) {
  return useQuery({
    queryKey: [BOT_KEY, 'check', conversationId],
    queryFn: ({ signal }) =>
      request(api.conversationCheck(conversationId), { schema: graphCheck, signal }),
  });
}

export const refreshBot = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [BOT_KEY] });

export const saveAnswer = (id: number | null, body: Record<string, unknown>) =>
  request(id === null ? api.answers : api.answer(id), {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: answer,
  });
export const deleteAnswer = (id: number) => request(api.answer(id), { method: 'DELETE' });

export const saveConnector = (id: number | null, body: Record<string, unknown>) =>
  request(id === null ? api.answerConnectors : api.answerConnector(id), {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: answerConnector,
  });
export const deleteConnector = (id: number) =>
  request(api.answerConnector(id), { method: 'DELETE' });

export const saveGroup = (body: Record<string, unknown>) =>
  request(api.estimationGroup, { method: 'POST', body, schema: estimationGroup });
export const deleteGroup = (id: number) =>
  request(api.estimationGroupItem(id), { method: 'DELETE' });

export const updateConversation = (id: number, body: Record<string, unknown>) =>
  request(api.conversation(id), { method: 'PUT', body, schema: conversation });

export const walk = (
  id: number,
  replies: readonly ({ connectorId: number } | { text: string })[],
) => request(api.conversationPreview(id), { method: 'POST', body: { replies }, schema: preview });

/** One run with its student's and conversation's names, its state and dates. */
export function useRun(progressId: number) {
  return useQuery({
    queryKey: [BOT_KEY, 'run', progressId],
    queryFn: ({ signal }) =>
      request(api.conversationProgressItem(progressId), { schema: conversationProgress, signal }),
  });
}

export function useRunMessages(progressId: number) {
  return useQuery({
    queryKey: [BOT_KEY, 'messages', progressId],
    queryFn: ({ signal }) =>
      request(withQuery(api.messages, { conversationprogress: progressId, limit: 5000 }), {
        schema: z.array(message),
        signal,
      }),
  });
}

/** The run's estimation, its summary lines in the chosen language. */
export function useRunEstimation(progressId: number, lang: string) {
  return useQuery({
    queryKey: [BOT_KEY, 'estimation', progressId, lang],
    queryFn: ({ signal }) =>
      request(withQuery(api.conversationProgressEstimation(progressId), { lang }), {
        schema: estimation,
        signal,
      }),
  });
}

export type {
  Answer,
  AnswerConnector,
  Conversation,
  ConversationProgress,
  EstimationGroup,
  Preview,
};
