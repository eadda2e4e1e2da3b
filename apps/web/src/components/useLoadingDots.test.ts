import { describe, expect, it } from 'vitest';
import { dotsAfter } from './useLoadingDots';

describe('dotsAfter (docs/interface.md, Selector)', () => {
  it('adds a dot every step up to three and starts again at the fourth step (2000 ms)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(dotsAfter)).toEqual([1, 2, 3, 3, 1, 2, 3, 3, 1]);
  });
});
