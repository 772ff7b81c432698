// Hourly: deliver the http e-mails a send left `queued` when its Worker stopped before delivery
// (src/services/invoices/abandoned-emails.ts).
import { masterKeySet } from "../crypto/document-keys";
import { forEachShard } from "../db/route";
import type { Bindings } from "../env";
import { logInfo } from "../lib/log";
import { emailSenderFor } from "../services/email";
import { deliverAbandonedEmails } from "../services/invoices/abandoned-emails";

export async function abandonedEmailSweep(env: Bindings, at: Date): Promise<void> {
  // Only the http transport delivers: an outbox row's `queued` is its final state.
  if (env.EMAIL_TRANSPORT !== "http") return;
  const sender = emailSenderFor(env);
  const storage = { bucket: env.DOCUMENTS, keys: masterKeySet(env) };
  let delivered = 0;
  await forEachShard(env, "abandoned-emails", async (db, _, visit) => {
    delivered += await deliverAbandonedEmails(db, sender, storage, at, visit.settled);
  });
  if (delivered > 0) logInfo("abandoned e-mails delivered", { delivered });
}
