// /admin/users/:id: one account — profile, address, orders (each a link to the admin order),
// the actions staff may take, and its audit trail (who did what to it, from where, before/after). Destructive actions open
// behind a <details> disclosure with their own confirm button, so they work without JavaScript.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { USER_ROLES } from '#core/account.ts';
import type { AuditPage } from '#core/contract/admin-audit.ts';
import type { AdminUserDetail } from '#core/contract/admin-users.ts';
import type { StoreCreditView } from '#core/contract/credit.ts';
import type { OrderSummary } from '#core/contract/orders.ts';
import { formatPrice } from '#core/money.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { PAYMENT_METHOD_LABELS, STATUS_LABELS } from '#core/order-status.ts';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { formatDay, formatWhen, ROLE_LABELS } from './format.ts';
import { StoreCreditCard } from './store-credit-card.tsx';

export interface UserDetailProps {
  user: AdminUserDetail;
  orders: OrderSummary[];
  /** The account's own audit entries, newest first (loadAuditTrail). */
  auditTrail: Pick<AuditPage, 'items' | 'hasNext'>;
  /** What the signed-in member may do here (the server checks again). */
  can: { suspend: boolean; email: boolean; changeRole: boolean; credit?: boolean };
  /** The account's store credit (ADR 100; absent: not shown). */
  credit?: StoreCreditView;
  self: boolean;
  failure: {
    intent: string;
    message: string;
    fieldErrors: Record<string, string[]>;
    values: Record<string, string>;
  } | null;
}

function Card({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm" aria-labelledby={id}>
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

export function UserDetail({ user, orders, auditTrail, can, self, failure, credit }: UserDetailProps) {
  const errorFor = (intent: string) => (failure?.intent === intent ? failure : null);
  // The typed forms start afresh after an action that worked (a new audit entry), and keep what
  // was typed after one that was refused (with JavaScript on, inputs outlive a re-render).
  const lastChange = String(auditTrail.items[0]?.id ?? 0);
  const address = [user.address.street, user.address.landmark, user.address.city, user.address.state].filter(
    Boolean,
  );
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/users" className="text-sm font-semibold text-plum-800 hover:underline">
          ← All users
        </Link>
      </p>
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 className="font-display text-3xl font-semibold break-all">{user.name}</h1>
        <span className="rounded-full bg-plum-50 px-2 py-0.5 text-xs font-semibold">
          {ROLE_LABELS[user.role]}
        </span>
        {user.active ? (
          <span className="rounded-full bg-ok/10 px-2 py-0.5 text-xs font-semibold text-ok">Active</span>
        ) : (
          <span className="rounded-full bg-sale/10 px-2 py-0.5 text-xs font-semibold text-sale">
            Suspended
          </span>
        )}
      </header>
      {failure ? <FormMessage tone="error">{failure.message}</FormMessage> : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Profile" id="profile">
          <dl className="divide-y divide-ink/10 text-sm">
            <Fact label="Email">
              <span className="break-all">{user.email}</span> {user.emailVerified ? '' : '(not confirmed)'}
            </Fact>
            <Fact label="Phone">{user.phone ? formatNigerianPhone(user.phone) : '—'}</Fact>
            <Fact label="Joined">{formatDay(user.joinedAt)}</Fact>
            <Fact label="Last sign-in">{formatWhen(user.lastSignInAt)}</Fact>
            <Fact label="Orders">{user.orders}</Fact>
            <Fact label="Total spent">{formatPrice(user.spentKobo)}</Fact>
            <Fact label="Order emails">{user.notifyOrderUpdates ? 'Yes' : 'No'}</Fact>
            <Fact label="Promotions">{user.notifyPromotions ? 'Yes' : 'No'}</Fact>
          </dl>
        </Card>
        <Card title="Address" id="address">
          {address.length ? (
            <address className="text-sm not-italic">
              {address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="text-sm text-muted">No saved address. Each order keeps its own delivery address.</p>
          )}
        </Card>
      </div>

      <Card title="Actions" id="actions">
        {self ? (
          <p className="text-sm text-muted">
            This is your own account: nobody suspends or changes their own role.
          </p>
        ) : null}
        <div className="space-y-3">
          {can.suspend && !self ? (
            user.active ? (
              <details className="rounded-lg border border-ink/10 p-3" open={Boolean(errorFor('suspend'))}>
                <summary className="cursor-pointer font-semibold">Suspend this account…</summary>
                <Form method="post" className="mt-3 space-y-3" key={lastChange}>
                  <p className="text-sm">
                    {user.name} will be signed out everywhere at once and refused at sign-in until
                    reactivated.
                  </p>
                  <div>
                    <label htmlFor="suspend-reason" className="block text-sm font-semibold">
                      Reason (kept in the audit trail)
                    </label>
                    <input
                      id="suspend-reason"
                      name="reason"
                      maxLength={500}
                      className="input mt-1 w-full"
                      defaultValue={errorFor('suspend')?.values.reason ?? ''}
                    />
                  </div>
                  <SubmitButton intent="suspend" pendingText="Suspending…" className="btn-primary bg-sale">
                    Yes, suspend {user.name}
                  </SubmitButton>
                </Form>
              </details>
            ) : (
              <Form method="post">
                <SubmitButton intent="reactivate" pendingText="Reactivating…" className="btn-primary">
                  Reactivate this account
                </SubmitButton>
              </Form>
            )
          ) : null}
          {can.changeRole && !self ? (
            <details className="rounded-lg border border-ink/10 p-3" open={Boolean(errorFor('role'))}>
              <summary className="cursor-pointer font-semibold">Change role…</summary>
              <Form method="post" className="mt-3 space-y-3">
                <fieldset>
                  <legend className="text-sm font-semibold">New role</legend>
                  <div className="mt-2 flex flex-wrap gap-4">
                    {USER_ROLES.map((role) => (
                      <label key={role} className="inline-flex min-h-11 items-center gap-2 text-sm">
                        <input type="radio" name="role" value={role} defaultChecked={role === user.role} />
                        {ROLE_LABELS[role]}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <p className="text-sm text-muted">
                  Staff run orders, customers and reviews; admins can do everything. Their sessions end; staff
                  and admins set up two-factor sign-in at their next sign-in.
                </p>
                <SubmitButton intent="role" pendingText="Changing…" className="btn-primary">
                  Change role
                </SubmitButton>
              </Form>
            </details>
          ) : null}
          {can.email ? (
            <details className="rounded-lg border border-ink/10 p-3" open={Boolean(errorFor('email'))}>
              <summary className="cursor-pointer font-semibold">Send an email…</summary>
              <Form method="post" className="mt-3 space-y-3" key={lastChange}>
                <div>
                  <label htmlFor="email-subject" className="block text-sm font-semibold">
                    Subject
                  </label>
                  <input
                    id="email-subject"
                    name="subject"
                    required
                    maxLength={150}
                    className="input mt-1 w-full"
                    defaultValue={errorFor('email')?.values.subject ?? ''}
                    aria-invalid={errorFor('email')?.fieldErrors.subject ? true : undefined}
                  />
                </div>
                <div>
                  <label htmlFor="email-message" className="block text-sm font-semibold">
                    Message
                  </label>
                  <textarea
                    id="email-message"
                    name="message"
                    required
                    maxLength={5000}
                    rows={6}
                    className="input mt-1 w-full"
                    defaultValue={errorFor('email')?.values.message ?? ''}
                    aria-invalid={errorFor('email')?.fieldErrors.message ? true : undefined}
                  />
                </div>
                <SubmitButton intent="email" pendingText="Sending…" className="btn-primary">
                  Send to {user.email}
                </SubmitButton>
              </Form>
            </details>
          ) : null}
        </div>
      </Card>

      <Card title={`Orders (${orders.length})`} id="orders">
        {orders.length === 0 ? (
          <p className="text-sm text-muted">No orders yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[560px] text-left text-sm">
              <thead className="border-b border-ink/10 text-xs uppercase text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Payment
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink/10">
                {orders.map((o) => (
                  <tr key={o.trackingNumber}>
                    <td className="py-2 pr-4">
                      <Link
                        to={`/admin/orders/${o.trackingNumber}`}
                        className="font-semibold text-plum-800 hover:underline"
                      >
                        {o.trackingNumber}
                      </Link>
                      <div className="text-xs text-muted">
                        {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
                      </div>
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDay(o.createdAt)}</td>
                    <td className="py-2 pr-4">{STATUS_LABELS[o.status]}</td>
                    <td className="py-2 pr-4">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</td>
                    <td className="py-2 text-right tabular-nums">{formatPrice(o.totalKobo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {credit ? (
        <StoreCreditCard
          credit={credit}
          canAdjust={can.credit ?? false}
          failure={errorFor('credit')}
          formKey={lastChange}
        />
      ) : null}

      <AuditTrail subjectType="user" subjectId={user.id} trail={auditTrail} />
    </div>
  );
}
