// The accounts module's answer to "who is this customer?" for other modules' staff screens (the
// admin reviews list names the author and finds reviews by a customer's name or email). A port:
// other modules never read the users table themselves.
import type { Queryable } from '#server/db/client.ts';
import { selectContacts, selectIdsMatching } from './customer-directory.repository.ts';

export interface CustomerContact {
  name: string;
  email: string;
}

export interface CustomerDirectory {
  /** Name and email of each of these accounts (an erased account is absent). */
  contactsOf(ids: number[]): Promise<Map<number, CustomerContact>>;
  /** Accounts whose name or email contains `text` (at most `limit`). */
  idsMatching(text: string, limit?: number): Promise<number[]>;
}

export function createCustomerDirectory(deps: { db: Queryable }): CustomerDirectory {
  return {
    async contactsOf(ids) {
      const rows = await selectContacts(deps.db, [...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
    },
    idsMatching: (text, limit = 500) => selectIdsMatching(deps.db, text, limit),
  };
}
