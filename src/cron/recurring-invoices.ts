// Hourly: create every due recurring invoice of live organizations (test organizations run on
// their test clock). Billing days are whole days (UTC), so hourly means an invoice is created
// within the first hour of its day, with 23 more chances that day if a sweep fails; every
// minute would only add overlapping sweeps (harmless, see docs/automation.md, but wasted).
import { masterKeySet } from "../crypto/document-keys";
import type { Bindings } from "../env";
import { sweepRecurringInvoices } from "../services/recurring/sweep";

/** E-mails sent by the sweep link the hosted page under PUBLIC_BASE_URL (set it in production). */
const FALLBACK_ORIGIN = "https://invoicing.invalid";

export async function sweepRecurring(env: Bindings, at: Date): Promise<void> {
  const baseUrl = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, "") || FALLBACK_ORIGIN;
  await sweepRecurringInvoices(env, at, { links: { keys: masterKeySet(env), baseUrl } });
}
