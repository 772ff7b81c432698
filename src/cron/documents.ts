// Hourly document sweep: expire what has passed its retention (blob deleted, key dropped,
// `expire` logged, `document.expired` emitted), retry blob removals that failed earlier, and
// move data keys to the current master key version when a rotation is under way.
import { createDb } from "../db/client";
import type { Bindings } from "../env";
import { logInfo } from "../lib/log";
import { expireDueDocuments, purgeLeftoverBlobs, rewrapDocumentKeys } from "../services/documents/lifecycle";
import { deliverEvents } from "../services/webhooks/delivery";

export async function documentRetentionSweep(env: Bindings, at: Date): Promise<void> {
  const db = createDb(env.DB);
  const { expired, eventIds } = await expireDueDocuments(db, env.DOCUMENTS, at);
  if (eventIds.length > 0) {
    // First delivery attempt now; failures stay pending for the webhook retry sweep.
    await deliverEvents(env, eventIds).catch(() => {});
  }
  const purged = await purgeLeftoverBlobs(db, env.DOCUMENTS);
  const rewrap = await rewrapDocumentKeys(db, env, { limit: 500 });
  logInfo("document sweep", {
    expired,
    purged,
    rewrapped: rewrap.rewrapped,
    rewrap_remaining: rewrap.remaining,
  });
}
