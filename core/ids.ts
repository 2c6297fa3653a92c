// Row ids as the database holds them (PostgreSQL `integer`): a number outside 1…2³¹−1, a
// fraction or NaN names no row, and sent to the database it would make it throw rather than miss.
// Contracts cap their ids with MAX_ROW_ID; services check ids that reach them unparsed (issue 16).

export const MAX_ROW_ID = 2_147_483_647;

/** Whether `id` could be a row's id (so a lookup may miss it, but cannot fail on it). */
export function isRowId(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}
