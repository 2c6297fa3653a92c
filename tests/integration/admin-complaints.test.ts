// The admin complaints screen over HTTP (issue 14): the list with search, status filter and counts
// (also beside Complaints in the sidebar), a status selector per row, the reply dialog that saves
// and emails a reply ("Update Reply" edits it and emails the update), the detail page with the
// thread, the photo, the customer's orders, internal notes (never emailed, never shown to the
// customer) and assignment; every change audited; customers get nothing; the users list counts
// each account's complaints.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { jpegPhoto } from '#tests/factories/images.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { type RoleVisitors, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

/** The reply dialog, open on the page: a <dialog> named by its heading, "Reply to …". */
const REPLY_DIALOG =
  /<dialog[^>]*aria-labelledby="([^"]+)"[^>]*>[\s\S]*?<h2 id="\1"[^>]*>(Update reply|Reply)(<!-- -->)? to /;

let shop: TestShop;
let v: RoleVisitors;
let guestTicketId: number;
let accountTicketId: number;
let customerOrder: string;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  v = await visitorsPerRole(shop, 'Care');
  customerOrder = (await createOrder(shop, { account: v.users.customer })).trackingNumber;
  const photo = await jpegPhoto(500, 400);
  const guest = await new TestClient(shop.app).postMultipart('/support', {
    name: 'Kemi Guest',
    email: 'kemi.guest@example.ng',
    subject: 'Wrong colour delivered',
    body: 'I ordered 1B but the bundles that came are 613 blonde.',
    photo: { file: photo, name: 'bundles.jpg', type: 'image/jpeg' },
  });
  expect(guest.statusCode).toBe(302);
  const mine = await v.clients.customer.postMultipart('/dashboard?tab=support', {
    intent: 'ticket',
    subject: 'Delivery is late',
    body: 'It has been nine days and the courier has not called.',
    trackingNumber: customerOrder,
  });
  expect(mine.statusCode).toBe(200);
  const rows = await ticketRows();
  guestTicketId = rows.find((r) => r.subject === 'Wrong colour delivered')!.id;
  accountTicketId = rows.find((r) => r.subject === 'Delivery is late')!.id;
});
afterAll(async () => {
  await shop.close();
});

async function ticketRows() {
  return queryRows<{ id: number; subject: string; status: string; assigned_to: number | null }>(
    shop.database.db,
    sql`SELECT id, subject, status, assigned_to FROM support_tickets ORDER BY id`,
  );
}
async function auditActions(id: number) {
  const rows = await queryRows<{ action: string }>(
    shop.database.db,
    sql`SELECT action FROM audit_events WHERE subject_type = 'support_ticket' AND subject_id = ${String(id)} ORDER BY id`,
  );
  return rows.map((r) => r.action);
}

describe('the list', () => {
  it('shows every ticket with counts by status, in the sidebar too, and filters by status and words', async () => {
    const page = await v.clients.staff.get('/admin/complaints');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wrong colour delivered');
    expect(page.body).toContain('Delivery is late');
    expect(page.body).toContain('kemi.guest@example.ng');
    expect(page.body).toContain('2 pending, 0 in progress, 0 resolved');
    expect(page.body).toContain('2 new');
    const search = await v.clients.staff.get('/admin/complaints?q=colour');
    expect(search.body).toContain('Wrong colour delivered');
    expect(search.body).not.toContain('Delivery is late');
    const resolved = await v.clients.staff.get('/admin/complaints?status=resolved');
    expect(resolved.body).toContain('No complaints match these filters');
  });

  it('opens the reply dialog by address', async () => {
    const page = await v.clients.staff.get(`/admin/complaints?reply=${guestTicketId}`);
    expect(page.body).toMatch(REPLY_DIALOG);
    expect((await v.clients.staff.get('/admin/complaints')).body).not.toMatch(REPLY_DIALOG);
    expect(page.body).toContain('Send Reply');
  });
});

describe('replying', () => {
  it('saves the reply, emails it to the guest with their private link, and offers Update Reply', async () => {
    const res = await v.clients.staff.post(`/admin/complaints?reply=${guestTicketId}`, {
      intent: 'reply',
      id: String(guestTicketId),
      body: 'So sorry! A courier will swap the bundles for 1B tomorrow.',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/complaints');
    expect((await ticketRows()).find((r) => r.id === guestTicketId)!.status).toBe('in-progress');
    const mail = (await shop.mailTo('kemi.guest@example.ng')).find((m) =>
      m.subject.startsWith('Reply to your ticket'),
    );
    expect(mail!.textBody).toContain('A courier will swap the bundles for 1B tomorrow.');
    const link = new URL(linkIn(mail!.textBody, 'http://shop.test/support/t/')).pathname;
    const thread = await new TestClient(shop.app).get(link);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).toContain('A courier will swap the bundles for 1B tomorrow.');
    const list = await v.clients.staff.get('/admin/complaints');
    expect(list.body).toContain('Update Reply');
  });

  it('updates the reply in place and emails the update', async () => {
    const res = await v.clients.staff.post('/admin/complaints', {
      intent: 'update-reply',
      id: String(guestTicketId),
      body: 'Correction: the courier comes on Thursday with the 1B bundles.',
    });
    expect(res.statusCode).toBe(302);
    const mails = await shop.mailTo('kemi.guest@example.ng');
    expect(mails.find((m) => m.subject.startsWith('Updated reply'))!.textBody).toContain('comes on Thursday');
    const replies = await queryRows<{ body: string }>(
      shop.database.db,
      sql`SELECT body FROM support_messages WHERE ticket_id = ${guestTicketId} AND author_kind = 'staff'`,
    );
    expect(replies.map((r) => r.body)).toEqual([
      'Correction: the courier comes on Thursday with the 1B bundles.',
    ]);
    expect(await auditActions(guestTicketId)).toEqual([
      'support_ticket.replied',
      'support_ticket.reply_updated',
    ]);
  });

  it('refuses an empty reply with the dialog kept open, and sends nothing', async () => {
    const before = (await shop.mailTo('kemi.guest@example.ng')).length;
    const res = await v.clients.staff.post(`/admin/complaints?reply=${guestTicketId}`, {
      intent: 'reply',
      id: String(guestTicketId),
      body: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please write the reply.');
    expect(res.body).toMatch(REPLY_DIALOG);
    expect((await shop.mailTo('kemi.guest@example.ng')).length).toBe(before);
  });
});

describe('the detail page', () => {
  it('shows the thread, the photo (to staff), the customer’s orders and the audit trail', async () => {
    const page = await v.clients.admin.get(`/admin/complaints/${accountTicketId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('It has been nine days');
    expect(page.body).toContain(customerOrder);
    const orders = page.body.match(/<section aria-labelledby="orders-title"[\s\S]*?<\/section>/)?.[0];
    expect(orders).toContain('Customer’s orders');
    expect(orders).toContain(`href="/admin/orders/${customerOrder}"`);
    const guestPage = await v.clients.staff.get(`/admin/complaints/${guestTicketId}`);
    const photoUrl = /src="(\/support\/photos\/\d+)"/.exec(guestPage.body)![1]!;
    expect((await v.clients.staff.get(photoUrl)).statusCode).toBe(200);
    expect((await v.clients.customer.get(photoUrl)).statusCode).toBe(404);
  });

  it('keeps internal notes to staff: never emailed, never on the customer’s page', async () => {
    const before = (await shop.mailTo(v.users.customer.email)).length;
    const res = await v.clients.staff.post(`/admin/complaints/${accountTicketId}`, {
      intent: 'note',
      body: 'Courier says the address landmark is wrong; call her first.',
    });
    expect(res.statusCode).toBe(302);
    const page = await v.clients.staff.get(`/admin/complaints/${accountTicketId}`);
    // In the conversation, marked as an internal note.
    expect(page.body).toMatch(/<li[^>]*><p[^>]*>Internal note · (?:(?!<\/li>)[\s\S])*call her first/);
    const customerTab = await v.clients.customer.get('/dashboard?tab=support');
    expect(customerTab.body).toContain('Delivery is late');
    expect(customerTab.body).not.toContain('call her first');
    expect((await shop.mailTo(v.users.customer.email)).length).toBe(before);
  });

  it('assigns a staff member, and refuses someone who is not staff', async () => {
    const ok = await v.clients.admin.post(`/admin/complaints/${accountTicketId}`, {
      intent: 'assign',
      assignee: String(v.users.staff.id),
    });
    expect(ok.statusCode).toBe(302);
    expect((await ticketRows()).find((r) => r.id === accountTicketId)!.assigned_to).toBe(v.users.staff.id);
    const refused = await v.clients.admin.post(`/admin/complaints/${accountTicketId}`, {
      intent: 'assign',
      assignee: String(v.users.customer.id),
    });
    expect(refused.statusCode).toBe(400);
    expect((await ticketRows()).find((r) => r.id === accountTicketId)!.assigned_to).toBe(v.users.staff.id);
  });

  it('resolves from the status selector and emails the customer', async () => {
    const res = await v.clients.staff.post(`/admin/complaints/${accountTicketId}`, {
      intent: 'status',
      status: 'resolved',
    });
    expect(res.statusCode).toBe(302);
    expect((await ticketRows()).find((r) => r.id === accountTicketId)!.status).toBe('resolved');
    const mail = await shop.mailTo(v.users.customer.email);
    expect(
      mail.some((m) => m.subject.endsWith('is resolved') && m.textBody.includes('/dashboard?tab=support')),
    ).toBe(true);
    expect(await auditActions(accountTicketId)).toEqual([
      'support_ticket.noted',
      'support_ticket.assigned',
      'support_ticket.status_changed',
    ]);
    const bad = await v.clients.staff.post('/admin/complaints', {
      intent: 'status',
      id: String(accountTicketId),
      status: 'closed',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may', () => {
  it('refuses a customer’s posts and changes nothing', async () => {
    const before = await ticketRows();
    const res = await v.clients.customer.post('/admin/complaints', {
      intent: 'status',
      id: String(guestTicketId),
      status: 'resolved',
    });
    expect([401, 403]).toContain(res.statusCode);
    const note = await new TestClient(shop.app).post(`/admin/complaints/${guestTicketId}`, {
      intent: 'note',
      body: 'A stranger writing a note.',
    });
    expect([401, 403]).toContain(note.statusCode);
    expect(await ticketRows()).toEqual(before);
  });

  it('counts each account’s complaints on the users list', async () => {
    const page = await v.clients.admin.get(`/admin/users?q=${encodeURIComponent(v.users.customer.email)}`);
    const row = new RegExp(`data-user-email="${v.users.customer.email}"[\\s\\S]*?</tr>`).exec(page.body)![0];
    const cells = [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    // Orders, spent, reviews, complaints.
    expect(cells).toContain('1');
    expect(row).toMatch(/tabular-nums">0<\/td><td class="[^"]*tabular-nums">1<\/td>/);
  });
});
