import { describe, expect, it } from 'vitest';
import {
  canMove,
  canTransition,
  ORDER_MOVES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderStatusFrom,
  STATUS_LABELS,
} from './order-status.ts';

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

  it('keep staff the same steps as before the one table (the admin screens offer these)', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      pending_payment: ['cancelled'],
      awaiting_transfer: ['placed', 'confirmed', 'cancelled'],
      placed: ['confirmed', 'cancelled'],
      confirmed: ['packaged', 'cancelled'],
      packaged: ['shipped', 'cancelled'],
      shipped: ['delivered', 'cancelled'],
      delivered: [],
      cancelled: [],
      payment_failed: [],
      on_layaway: [],
    });
  });
});

describe('the one table of moves', () => {
  it('is the list of statuses, each with a label', () => {
    expect(ORDER_STATUSES).toEqual(Object.keys(ORDER_MOVES));
    expect(Object.keys(STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('gives the payment its own moves, and the shop the ends of holds', () => {
    expect(canMove('pending_payment', 'placed', 'payment')).toBe(true);
    expect(canMove('pending_payment', 'payment_failed', 'payment')).toBe(true);
    expect(canMove('pending_payment', 'payment_failed', 'shop')).toBe(true);
    expect(canMove('awaiting_transfer', 'cancelled', 'shop')).toBe(true);
    expect(canMove('placed', 'cancelled', 'shop')).toBe(true);
    // Money arriving, or a retry, reopens an ended order; nothing reopens a delivered one.
    for (const ended of ['cancelled', 'payment_failed'] as const) {
      expect(canMove(ended, 'placed', 'payment')).toBe(true);
      expect(canMove(ended, 'pending_payment', 'payment')).toBe(true);
      expect(canMove(ended, 'placed', 'staff')).toBe(false);
    }
    expect(canMove('delivered', 'placed', 'payment')).toBe(false);
    // The shop never moves an order on, only ends a hold.
    expect(canMove('awaiting_transfer', 'placed', 'shop')).toBe(false);
    expect(canMove('confirmed', 'cancelled', 'shop')).toBe(false);
  });

  it('reads a stored status strictly', () => {
    expect(orderStatusFrom('shipped')).toBe('shipped');
    expect(() => orderStatusFrom('refunded', 'order CH1')).toThrow(
      'Unknown order status "refunded" on order CH1',
    );
    expect(() => orderStatusFrom('toString')).toThrow('Unknown order status');
  });
});
