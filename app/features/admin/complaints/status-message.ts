// What the toast says after a ticket's status is set, from the list or the ticket's own page.
export function statusChangeMessage(changed: boolean, status: string | undefined): string {
  if (!changed) return 'That ticket already had this status.';
  return status === 'resolved' ? 'Ticket resolved: the customer has been emailed.' : 'Status changed.';
}
