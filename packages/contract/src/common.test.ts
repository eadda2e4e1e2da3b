import { describe, expect, it } from 'vitest';
import { queryFlag } from './common.js';

describe('a yes/no filter of a query string', () => {
  it('reads true/1 as 1 and false/0 as 0; left out, none', () => {
    const flag = queryFlag('Only paid');
    expect(['true', '1', 'false', '0'].map((v) => flag.parse(v))).toEqual([1, 1, 0, 0]);
    expect(flag.parse(undefined)).toBeUndefined();
  });

  it('takes an older spelling of no where one was accepted, and refuses anything else', () => {
    expect(queryFlag('Only paid', ['2']).parse('2')).toBe(0);
    const refused = queryFlag('Only paid').safeParse('2');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('must be true, false, 1 or 0');
    expect(queryFlag('Only paid').safeParse('yes').success).toBe(false);
  });
});
