import { describe, expect, it } from 'vitest';
import { USER_ROLES } from './account.ts';
import { can, PERMISSION_NAMES } from './permissions.ts';

describe('the permission table', () => {
  it('gives admins everything and customers nothing', () => {
    for (const permission of PERMISSION_NAMES) {
      expect(can('admin', permission), permission).toBe(true);
      expect(can('customer', permission), permission).toBe(false);
    }
  });

  it('lets staff run the day but keeps roles, settings, discounts, staff and deleting for admins', () => {
    const staffMay = PERMISSION_NAMES.filter((p) => can('staff', p));
    expect(staffMay).toEqual(
      expect.arrayContaining([
        'orders.view',
        'orders.update',
        'customers.suspend',
        'reviews.moderate',
        'complaints.handle',
      ]),
    );
    for (const adminOnly of [
      'users.change-role',
      'settings.manage',
      'discounts.manage',
      'staff.manage',
      'delete.any',
      'orders.correct',
      'customers.credit',
    ] as const) {
      expect(can('staff', adminOnly), adminOnly).toBe(false);
    }
    expect(USER_ROLES).toEqual(['customer', 'staff', 'admin']);
  });
});
