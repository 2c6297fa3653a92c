// The sample data (ADR 070) as a service: how many sample rows remain, and their removal (admins;
// audited; refused while the shop is still a demo shop). `actor` absent: the command line.
import type { Db } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { Logger } from '#server/platform/logger.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import type { BlobStorage } from '#server/platform/storage.ts';
import { removeSampleData, sampleDataStatus } from '#server/seed/sample-removal.ts';

export function createSampleData(deps: {
  db: Db;
  storage: BlobStorage;
  log: Logger;
  audit: Pick<AuditService, 'record'>;
  /** Every process shows the shop without them: catalogue, slides, settings and their pages. */
  invalidate: () => void;
}) {
  const { db, storage, log, audit } = deps;
  return {
    status: () => sampleDataStatus(db),
    async remove(input: { keepCatalogue: boolean; actor?: StaffActor }) {
      const { actor } = input;
      if (actor) assertCan(actor, 'delete.any', 'Only an admin can remove the sample data.');
      const result = await removeSampleData(
        {
          db,
          storage,
          log,
          record: (tx, removed) =>
            audit.record(tx, {
              actorUserId: actor?.user.id ?? null,
              action: 'sample_data.remove',
              subjectType: 'sample_data',
              subjectId: 'all',
              ip: actor?.ip ?? null,
              details: {
                keepCatalogue: input.keepCatalogue,
                removed,
                via: actor ? 'admin' : 'command line',
              },
            }),
        },
        { keepCatalogue: input.keepCatalogue },
      );
      deps.invalidate();
      return result;
    },
  };
}
