import { describe, expect, it } from 'vitest';
import { runDetail } from './students.timeline.js';

describe('runDetail', () => {
  it('words the number of replies in the plural form of its language', () => {
    expect(runDetail(true, 1, 'en')).toBe('finished · 1 reply');
    expect(runDetail(false, 2, 'en')).toBe('in progress · 2 replies');
    expect(runDetail(true, 0, 'en')).toBe('finished · 0 replies');
    expect([1, 2, 5, 22].map((n) => runDetail(true, n, 'uk'))).toEqual([
      'finished · 1 відповідь',
      'finished · 2 відповіді',
      'finished · 5 відповідей',
      'finished · 22 відповіді',
    ]);
    expect([1, 2, 5, 22].map((n) => runDetail(true, n, 'pl'))).toEqual([
      'finished · 1 odpowiedź',
      'finished · 2 odpowiedzi',
      'finished · 5 odpowiedzi',
      'finished · 22 odpowiedzi',
    ]);
  });
});
