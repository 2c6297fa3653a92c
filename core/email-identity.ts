// One customer, one address: the form of an email address that per-customer limits count (a
// one-per-customer or first-order promo code, "has ordered before"), so "+tag" and Gmail's dotted
// spellings of one mailbox are not new customers (issue 29, ADR 063). Only for counting: orders,
// accounts and emails keep the address as it was typed.
//
// The same rule is written in SQL for the database's columns (promotions.repository.ts,
// `customerEmailKeySql`); both are tested against each other.

/** Domains whose mailboxes ignore dots in the local part (and are one mailbox under both names). */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address as a mailbox sees it: lower case; the local part up to its first "+" (every
 * domain: sub-addressing is near universal, and a shop losing a first-order discount to
 * `name+x` is the point); dots dropped and googlemail.com read as gmail.com for Gmail.
 */
export function customerEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '') || local;
  }
  return `${local}@${domain}`;
}
