// The loader half of <AuditTrail>: the newest entries about one subject, for staff who may read
// the audit log (others get an empty trail rather than a refused page).
import type { AppLoadContext } from 'react-router';
import type { SessionUser } from '#core/contract/account.ts';
import type { AuditPage } from '#core/contract/admin-audit.ts';
import { can } from '#core/permissions.ts';

export const AUDIT_TRAIL_SIZE = 20;

export async function loadAuditTrail(
  context: AppLoadContext,
  viewer: Pick<SessionUser, 'role'>,
  subjectType: string,
  subjectId: string | number,
): Promise<Pick<AuditPage, 'items' | 'hasNext'>> {
  if (!can(viewer.role, 'audit.view')) return { items: [], hasNext: false };
  const { items, hasNext } = await context.services.audit.search(
    { subjectType, subjectId: String(subjectId) },
    AUDIT_TRAIL_SIZE,
  );
  return { items, hasNext };
}
