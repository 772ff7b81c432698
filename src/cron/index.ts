// The scheduled handler: one sweep per concern, dispatched by the cron expression.
import { forEachShard } from "../db/route";
import type { Bindings } from "../env";
import { now } from "../lib/clock";
import { configurationProblems } from "../lib/deployment-config";
import { logError, logInfo } from "../lib/log";
import { networkSecretRewrapSweep } from "../services/einvoice-networks/accounts";
import { retryDueNetworkDeliveries } from "../services/einvoice-networks/sweep";
import { purgeExpiredIdempotencyKeys } from "../services/idempotency";
import { providerSecretRewrapSweep } from "../services/payment-providers/accounts";
import { retryDueDeliveries } from "../services/webhooks/delivery";
import { webhookRetentionSweep } from "../services/webhooks/retention";
import { webhookSecretRewrapSweep } from "../services/webhooks/secrets";
import { abandonedEmailSweep } from "./abandoned-emails";
import { sweepPaymentReminders, sweepQuoteExpiry } from "./automation";
import { documentRetentionSweep } from "./documents";
import { invoiceArchiveSweep } from "./invoice-archives";
import { sweepOverdueInvoices } from "./overdue-invoices";
import { sweepPeppolInboxes } from "./peppol-inbox";
import { sweepRecurring } from "./recurring-invoices";

export const EVERY_MINUTE = "* * * * *";
export const HOURLY = "0 * * * *";

type Sweep = (env: Bindings, at: Date) => Promise<void>;

async function purgeIdempotencyKeys(env: Bindings, at: Date): Promise<void> {
  await forEachShard(env, "idempotency-purge", async (db, _, visit) => {
    await purgeExpiredIdempotencyKeys(db, at, visit.settled);
  });
}

/**
 * Sweeps that e-mail customers (with links to the hosted page): skipped while the deployment
 * lacks PUBLIC_BASE_URL or EMAIL_FROM, as every request is refused then (503 `misconfigured`).
 * The others keep the data tidy and send nothing to customers, so they run regardless.
 */
const EMAILING_SWEEPS = new Set(["recurring-invoices", "payment-reminders", "abandoned-emails"]);

const sweeps: Record<string, Array<[name: string, sweep: Sweep]>> = {
  [EVERY_MINUTE]: [
    ["webhook-retries", retryDueDeliveries],
    ["peppol-inbox", sweepPeppolInboxes],
    ["peppol-deliveries", retryDueNetworkDeliveries],
  ],
  [HOURLY]: [
    ["idempotency-keys", purgeIdempotencyKeys],
    ["overdue-invoices", sweepOverdueInvoices],
    ["recurring-invoices", sweepRecurring],
    ["quote-expiry", sweepQuoteExpiry],
    ["payment-reminders", sweepPaymentReminders],
    ["abandoned-emails", abandonedEmailSweep],
    ["document-retention", documentRetentionSweep],
    ["invoice-archives", invoiceArchiveSweep],
    ["webhook-retention", webhookRetentionSweep],
    ["webhook-secret-rewrap", webhookSecretRewrapSweep],
    ["payment-provider-secret-rewrap", providerSecretRewrapSweep],
    ["network-secret-rewrap", networkSecretRewrapSweep],
  ],
};

export async function runScheduled(
  controller: Pick<ScheduledController, "cron">,
  env: Bindings,
): Promise<void> {
  const at = now();
  const problems = configurationProblems(env);
  for (const [name, sweep] of sweeps[controller.cron] ?? []) {
    if (problems.length > 0 && EMAILING_SWEEPS.has(name)) {
      logError("sweep skipped: configuration invalid", {
        sweep: name,
        variables: problems.map((p) => p.variable),
        problems: Object.fromEntries(problems.map((p) => [p.variable, p.problem])),
      });
      continue;
    }
    const started = Date.now();
    try {
      await sweep(env, at);
      logInfo("sweep done", { sweep: name, duration_ms: Date.now() - started });
    } catch (error) {
      // One failing sweep must not stop the others.
      logError("sweep failed", { sweep: name, error: String(error) });
    }
  }
}
