// Hourly: persist `overdue` for sent invoices past their due date, with their events.
import { forEachShard } from "../db/route";
import type { Bindings } from "../env";
import { logInfo, logWarn } from "../lib/log";
import { markOverdueInvoices } from "../services/invoices";
import { deliverEvents } from "../services/webhooks/delivery";

export async function sweepOverdueInvoices(env: Bindings, at: Date): Promise<void> {
  const eventIds: string[] = [];
  await forEachShard(env, "overdue-invoices", async (db, _, visit) => {
    eventIds.push(...(await markOverdueInvoices(db, at, undefined, visit.settled)));
  });
  if (eventIds.length === 0) return;
  logInfo("invoices marked overdue", { count: eventIds.length });
  // First delivery attempt now; whatever fails stays pending for the webhook retry cron.
  await deliverEvents(env, eventIds).catch((error: unknown) =>
    logWarn("webhook first attempt failed", { event_ids: eventIds.length, error: String(error) }),
  );
}
