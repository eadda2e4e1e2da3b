import { describe, expect, it } from 'vitest';
import { afterCornerToggle, afterMenuToggle, initialNavState, parseNavState } from './navState';

describe('initial nav state (docs/screens.md, Side navigation)', () => {
  it('restores the stored state on a wide window', () => {
    expect(initialNavState('1', 1280)).toBe('open');
    expect(initialNavState('0', 1280)).toBe('collapsed');
    expect(initialNavState('3', 1280)).toBe('hidden');
  });

  it('starts open on a wide window when nothing valid is stored', () => {
    expect(initialNavState(null, 1280)).toBe('open');
    expect(initialNavState('banana', 1280)).toBe('open');
  });

  it('starts hidden below 900px unless the stored state is open', () => {
    expect(initialNavState(null, 899)).toBe('hidden');
    expect(initialNavState('0', 800)).toBe('hidden');
    expect(initialNavState('3', 800)).toBe('hidden');
    expect(initialNavState('1', 800)).toBe('collapsed');
  });

  it('treats exactly 900px as wide', () => {
    expect(initialNavState(null, 900)).toBe('open');
    expect(initialNavState('0', 900)).toBe('collapsed');
  });

  it('reads the stored codes 1, 0, 3 and nothing else', () => {
    expect(parseNavState('1')).toBe('open');
    expect(parseNavState('0')).toBe('collapsed');
    expect(parseNavState('3')).toBe('hidden');
    expect(parseNavState('2')).toBeNull();
  });
});

describe('nav toggles', () => {
  it('menu button switches open and collapsed', () => {
    expect(afterMenuToggle('open')).toBe('collapsed');
    expect(afterMenuToggle('collapsed')).toBe('open');
  });

  it('corner button switches hidden and collapsed', () => {
    expect(afterCornerToggle('hidden')).toBe('collapsed');
    expect(afterCornerToggle('collapsed')).toBe('hidden');
  });
});
