import { describe, expect, it } from 'vitest';
import {
  answerConnectorInput,
  byAlgorithmInput,
  ALGORITHM_LEVEL,
  ALGORITHM_WITHOUT_RUN,
  conversationInput,
  previewInput,
} from './bot';
import { api } from './paths';

describe('bot schemas', () => {
  it('read 1/0 flags from numbers, booleans and form text', () => {
    const parsed = conversationInput.parse({ name: ' Quiz ', isPresent: '1', isPublic: false });
    expect(parsed).toMatchObject({ name: 'Quiz', isPresent: 1, isPublic: 0, price: 0 });
    expect(conversationInput.safeParse({ name: 'Quiz', isPublic: 2 }).success).toBe(false);
  });

  it('need a next answer for a button unless it is a link', () => {
    expect(answerConnectorInput.safeParse({ text: 'Go', fromId: 1 }).success).toBe(false);
    expect(answerConnectorInput.safeParse({ text: 'Go', fromId: 1, nextId: '2' }).success).toBe(
      true,
    );
    expect(
      answerConnectorInput.safeParse({ text: 'Rules', fromId: 1, url: 'https://example.com' })
        .success,
    ).toBe(true);
  });

  it('need a value for the algorithms that select by one', () => {
    expect(
      byAlgorithmInput.safeParse({ conversationId: 1, algotithm: ALGORITHM_LEVEL }).success,
    ).toBe(false);
    expect(
      byAlgorithmInput.safeParse({ conversationId: 1, algotithm: ALGORITHM_WITHOUT_RUN }).success,
    ).toBe(true);
  });

  it('take presses and typed replies for the preview', () => {
    expect(previewInput.parse({ replies: [{ connectorId: '3' }, { text: 'went' }] })).toEqual({
      replies: [{ connectorId: 3 }, { text: 'went' }],
    });
  });

  it('have their paths in the table', () => {
    expect(api.conversationCheck(4)).toBe('/api/conversations/4/check');
    expect(api.conversationPreview(4)).toBe('/api/conversations/4/preview');
    expect(api.answerConnector(5)).toBe('/api/answerconnectors/5');
    expect(api.estimationGroupItem(6)).toBe('/api/estimationgroup/6');
    expect(api.conversationProgressItem(7)).toBe('/api/conversationprogress/7');
    expect(api.botStatus).toBe('/api/bot/status');
  });
});
