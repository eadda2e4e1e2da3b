import { requiredText } from '@school/contract/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isRequired, maxLengthOf } from './fields';

// An update schema (every field optional) and the create schema made from it, as the
// contract builds clientCreate from clientWrite.
const update = z
  .object({ name: z.string().trim().max(40).min(1, 'is required'), note: z.string().max(300) })
  .partial();
const create = update.required({ name: true });

describe('fields read from the contract', () => {
  it('knows a required field also behind .partial() and .required()', () => {
    expect(isRequired(create, { name: 'name', label: 'fields.name' })).toBe(true);
    expect(isRequired(update, { name: 'name', label: 'fields.name' })).toBe(true);
    expect(isRequired(create, { name: 'note', label: 'fields.description' })).toBe(false);
  });

  it('finds the length limit through optional, default and non-optional wrappers', () => {
    expect(maxLengthOf(create, 'name')).toBe(40);
    expect(maxLengthOf(update, 'note')).toBe(300);
    expect(maxLengthOf(z.object({ login: requiredText(100).default('') }), 'login')).toBe(100);
    expect(maxLengthOf(create, 'missing')).toBeUndefined();
  });
});
