import { describe, expect, it } from 'vitest';
import { everyMinutes } from '../app.js';

describe('the reminders’ schedule from BOT_BROADCAST_INTERVAL_MS (ADR 031)', () => {
  it('is whole minutes, at least one, at most an hour', () => {
    expect(everyMinutes(100)).toBe('*/1 * * * *');
    expect(everyMinutes(60_000)).toBe('*/1 * * * *');
    expect(everyMinutes(5 * 60_000)).toBe('*/5 * * * *');
    expect(everyMinutes(60 * 60_000)).toBe('0 * * * *');
    expect(everyMinutes(24 * 60 * 60_000)).toBe('0 * * * *');
  });
});
