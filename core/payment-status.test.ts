import { describe, expect, it } from 'vitest';
import { canMovePayment, PAYMENT_MOVES, PAYMENT_STATUSES, paymentStatusFrom } from './payment-status.ts';

describe('payment statuses', () => {
  it('are the keys of the one table, and success is final', () => {
    expect(PAYMENT_STATUSES).toEqual(['initialized', 'pending', 'success', 'failed', 'abandoned']);
    expect(Object.keys(PAYMENT_MOVES)).toEqual([...PAYMENT_STATUSES]);
    for (const to of PAYMENT_STATUSES) expect(canMovePayment('success', to), to).toBe(false);
  });

  it('let an unpaid attempt be paid after all, declined or abandoned, but never go back to its start', () => {
    for (const from of ['initialized', 'pending', 'failed', 'abandoned'] as const) {
      expect(canMovePayment(from, 'success'), from).toBe(true);
      expect(canMovePayment(from, 'initialized'), from).toBe(false);
      expect(canMovePayment(from, 'pending'), from).toBe(false);
    }
  });

  it('reads a stored status strictly', () => {
    expect(paymentStatusFrom('failed')).toBe('failed');
    expect(() => paymentStatusFrom('refunded', 'payment X')).toThrow(
      'Unknown payment status "refunded" on payment X',
    );
  });
});
