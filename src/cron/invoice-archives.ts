// Hourly invoice archive sweep: the blob of an archive past its retention (10 years) is deleted,
// and the data keys of archives and of received bills' originals move to the current master key
// version during a rotation. The document retention sweep never touches either (they are not
// documents), and no sweep deletes a bill's original.
import { masterKeySet } from "../crypto/document-keys";
import { forEachShard } from "../db/route";
import type { Bindings } from "../env";
import { logInfo } from "../lib/log";
import { purgeExpiredArchives, rewrapArchiveKeys } from "../services/archive";
import { addRewrapCounts } from "../services/rewrap";

export async function invoiceArchiveSweep(env: Bindings, at: Date): Promise<void> {
  const totals = { purged: 0, rewrapped: 0, failed: 0, remaining: 0 };
  await forEachShard(env, "invoice-archives", async (db, _, visit) => {
    totals.purged += await purgeExpiredArchives(db, env.DOCUMENTS, at, visit.settled);
    addRewrapCounts(totals, await rewrapArchiveKeys(db, masterKeySet(env), undefined, visit.settled));
  });
  logInfo("invoice archive sweep", totals);
}
