// Hourly invoice archive sweep: the blob of an archive past its retention (10 years) is deleted,
// and archives' data keys move to the current master key version during a rotation. The
// document retention sweep never touches archives (they are not documents).
import { masterKeySet } from "../crypto/document-keys";
import { createDb } from "../db/client";
import type { Bindings } from "../env";
import { logInfo } from "../lib/log";
import { purgeExpiredArchives, rewrapArchiveKeys } from "../services/archive";

export async function invoiceArchiveSweep(env: Bindings, at: Date): Promise<void> {
  const db = createDb(env.DB);
  const purged = await purgeExpiredArchives(db, env.DOCUMENTS, at);
  const rewrapped = await rewrapArchiveKeys(db, masterKeySet(env));
  logInfo("invoice archive sweep", { purged, rewrapped });
}
