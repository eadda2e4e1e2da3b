import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../test/utils';
import { translateFieldMessage } from './fieldMessages';

beforeAll(setupI18n);

describe('translateFieldMessage', () => {
  it('translates the contract’s whole-number message (probability, age)', () => {
    expect(translateFieldMessage(i18next.t, 'must be a whole number', 'invalid_type')).toBe(
      'Enter a whole number.',
    );
  });

  it('keeps a server message it has no words for', () => {
    expect(translateFieldMessage(i18next.t, 'no such stage: Lost')).toBe('no such stage: Lost');
  });
});
