import { describe, expect, it } from 'vitest';
import { canTransition, ORDER_STATUSES, ORDER_TRANSITIONS } from './order-status.ts';

describe('order transitions', () => {
  it('follow the spec: placed → confirmed → packaged → shipped → delivered, and no further', () => {
    const path = ['placed', 'confirmed', 'packaged', 'shipped', 'delivered'] as const;
    for (let i = 0; i + 1 < path.length; i++) expect(canTransition(path[i]!, path[i + 1]!)).toBe(true);
    expect(canTransition('placed', 'shipped')).toBe(false);
    expect(canTransition('delivered', 'placed')).toBe(false);
  });

  it('let an order be cancelled until it is delivered, never after; ended orders stay ended', () => {
    const open = [
      'pending_payment',
      'awaiting_transfer',
      'placed',
      'confirmed',
      'packaged',
      'shipped',
    ] as const;
    for (const status of open) expect(canTransition(status, 'cancelled'), status).toBe(true);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
    for (const ended of ['delivered', 'cancelled', 'payment_failed'] as const) {
      expect(ORDER_TRANSITIONS[ended]).toEqual([]);
    }
  });

  it('leave the payment states to the payment provider, and name only known statuses', () => {
    expect(canTransition('pending_payment', 'placed')).toBe(false);
    expect(canTransition('pending_payment', 'payment_failed')).toBe(false);
    for (const [from, to] of Object.entries(ORDER_TRANSITIONS)) {
      expect(ORDER_STATUSES).toContain(from);
      for (const next of to) expect(ORDER_STATUSES).toContain(next);
    }
  });
});
