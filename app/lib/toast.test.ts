import { describe, expect, it } from 'vitest';
import { MAX_VISIBLE_TOASTS, visibleToasts } from './toast.ts';

describe('visibleToasts', () => {
  it('shows at most three at once, the newest, in the order they came', () => {
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(visibleToasts(['a', 'b', 'c', 'd', 'e'])).toEqual(['c', 'd', 'e']);
    expect(visibleToasts(['a', 'b'])).toEqual(['a', 'b']);
    expect(visibleToasts([])).toEqual([]);
  });
});
