// The retry sweep of Peppol deliveries (every minute): the due `pending` ones, each claimed by one
// sweep only, attempted again (the provider asked first when the last attempt's outcome is
// unknown), their events recorded with the change and dispatched.
import { eq } from "drizzle-orm";
import { masterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import { forEachShard, type Settled } from "../../db/route";
import { organizations } from "../../db/schema/identity";
import type { EInvoiceDelivery } from "../../db/schema/networks";
import type { Bindings } from "../../env";
import { logError, logWarn } from "../../lib/log";
import { deliverEvents } from "../webhooks/delivery";
import { getNetworkRow, openRow } from "./connection";
import {
  attemptDelivery,
  claimDelivery,
  disconnectedDelivery,
  dueDeliveries,
  unopenedDelivery,
} from "./deliveries";

/** At most this many deliveries a database per run; the rest wait a minute. */
export const DELIVERY_SWEEP_BATCH = 25;

/**
 * How long a run keeps claiming: an attempt may take the provider's two timeouts, and every claim
 * must end well inside its lease (DELIVERY_LEASE_MS), so the next minute's run never takes it.
 */
export const DELIVERY_SWEEP_BUDGET_MS = 50_000;

type SweepEnv = Pick<
  Bindings,
  "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION" | "RECOMMAND_API_BASE" | "DOCUMENTS"
>;

/**
 * Attempts the due deliveries of one database (of one organization when given) from `at`: each
 * claimed right before its attempt, none claimed once the run's budget is spent. Answers the ids
 * of the events recorded. `settled`: the organizations the sweep may touch on this database
 * (ShardVisit).
 */
export async function sweepNetworkDeliveries(
  db: Db,
  env: SweepEnv,
  at: Date,
  options: { limit?: number; organizationId?: string; budgetMs?: number; settled?: Settled } = {},
): Promise<string[]> {
  const started = Date.now();
  const budget = options.budgetMs ?? DELIVERY_SWEEP_BUDGET_MS;
  const due = await dueDeliveries(
    db,
    at,
    options.limit ?? DELIVERY_SWEEP_BATCH,
    options.organizationId,
    options.settled,
  );
  const eventIds: string[] = [];
  for (const candidate of due) {
    const elapsed = Date.now() - started;
    if (elapsed >= budget) break;
    const claimAt = new Date(at.getTime() + elapsed);
    const row = await claimDelivery(db, candidate, claimAt);
    if (!row) continue;
    try {
      eventIds.push(...(await sweepOne(db, env, row, claimAt)));
    } catch (error) {
      // The lease runs out and the next sweep takes the row again.
      logError("peppol delivery sweep: attempt not recorded", {
        organization_id: row.organizationId,
        delivery_id: row.id,
        error: String(error),
      });
    }
  }
  return eventIds;
}

async function sweepOne(db: Db, env: SweepEnv, row: EInvoiceDelivery, at: Date): Promise<string[]> {
  const networkRow = await getNetworkRow(db, row.organizationId);
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  if (!networkRow || !organization || networkRow.provider !== row.provider) {
    return (await disconnectedDelivery(db, row, at)).eventIds;
  }
  const archive = { db, bucket: env.DOCUMENTS, keys: masterKeySet(env), organization };
  const network = await openRow(env, networkRow).catch((error: unknown) => {
    logError("peppol delivery sweep: connection not opened", {
      organization_id: row.organizationId,
      delivery_id: row.id,
      error: String(error),
    });
    return error instanceof Error ? error : new Error(String(error));
  });
  if (network instanceof Error) return (await unopenedDelivery(db, row, network, at)).eventIds;
  return (await attemptDelivery(archive, network, row, at)).eventIds;
}

export async function retryDueNetworkDeliveries(env: Bindings, at: Date): Promise<void> {
  await forEachShard(env, "network-delivery-retries", async (db, _, visit) => {
    const eventIds = await sweepNetworkDeliveries(db, env, at, { settled: visit.settled });
    await deliverEvents(env, eventIds).catch((error: unknown) =>
      logWarn("peppol delivery events: first attempt failed", { event_ids: eventIds, error: String(error) }),
    );
  });
}
