// Hourly document sweep: expire what has passed its retention (blob deleted, key dropped,
// `expire` logged, `document.expired` emitted), retry blob removals that failed earlier, and
// move data keys to the current master key version when a rotation is under way.
import { forEachShard } from "../db/route";
import type { Bindings } from "../env";
import { logInfo } from "../lib/log";
import { expireDueDocuments, purgeLeftoverBlobs, rewrapDocumentKeys } from "../services/documents/lifecycle";
import { rewrapAllShards } from "../services/rewrap";
import { deliverEvents } from "../services/webhooks/delivery";

export async function documentRetentionSweep(env: Bindings, at: Date): Promise<void> {
  let expired = 0;
  let purged = 0;
  await forEachShard(env, "document-retention", async (db, _, visit) => {
    const result = await expireDueDocuments(db, env.DOCUMENTS, at, visit.settled);
    expired += result.expired;
    if (result.eventIds.length > 0) {
      // First delivery attempt now; failures stay pending for the webhook retry sweep.
      await deliverEvents(env, result.eventIds).catch(() => {});
    }
    purged += await purgeLeftoverBlobs(db, env.DOCUMENTS, visit.settled);
  });
  const rewrap = await rewrapAllShards(env, rewrapDocumentKeys, { limit: 500 });
  logInfo("document sweep", {
    expired,
    purged,
    rewrapped: rewrap.rewrapped,
    rewrap_remaining: rewrap.remaining,
  });
}
