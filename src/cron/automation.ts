// Hourly: store `expired` on sent quotes past their expiry day, and e-mail due payment reminders
// (live organizations; test organizations run both on their test clock).
import { masterKeySet } from "../crypto/document-keys";
import { forEachShard } from "../db/route";
import type { Bindings } from "../env";
import { sweepReminders } from "../services/invoices/reminders";
import { expireQuotes } from "../services/quotes";
import { deliverEvents } from "../services/webhooks/delivery";

const FALLBACK_ORIGIN = "https://invoicing.invalid";

export async function sweepQuoteExpiry(env: Bindings, at: Date): Promise<void> {
  await forEachShard(env, "quote-expiry", async (db, _, visit) => {
    const eventIds = await expireQuotes(db, at, undefined, visit.settled);
    if (eventIds.length > 0) await deliverEvents(env, eventIds).catch(() => {});
  });
}

export async function sweepPaymentReminders(env: Bindings, at: Date): Promise<void> {
  const baseUrl = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, "") || FALLBACK_ORIGIN;
  await sweepReminders(env, at, { links: { keys: masterKeySet(env), baseUrl } });
}
