// The audit log's face for other admin screens: embed an order's or a user's own entries.
// (The loader half, loadAuditTrail, is in audit-trail.server.ts: import it from there.)
export { AuditEntries } from './audit-entries.tsx';
export { AuditTrail } from './audit-trail.tsx';
