// Every minute: the Peppol inboxes not read for INBOX_SYNC_INTERVAL_MS, oldest first, so a document
// whose webhook was lost still becomes a bill. Each document goes through the same receive step as
// the webhook (its receipt makes it count once); a refused one is skipped. One organization's
// failure is logged and the others go on.
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { forEachShard, type Settled } from "../db/route";
import { type EInvoiceNetworkRow, einvoiceNetworks, networkReceipts } from "../db/schema/networks";
import type { Bindings } from "../env";
import { logInfo, logWarn } from "../lib/log";
import { openRow } from "../services/einvoice-networks/connection";
import {
  logReceiveFailure,
  type ReceiveEnv,
  receiveNetworkDocument,
} from "../services/einvoice-networks/receive";
import { getOrganization } from "../services/organization";
import { deliverEvents } from "../services/webhooks/delivery";

/** How long an inbox goes unread by the sweep: the webhook is the way documents arrive in time. */
export const INBOX_SYNC_INTERVAL_MS = 10 * 60_000;
/** Connections read per run. */
export const INBOX_CONNECTIONS_PER_RUN = 25;
/** Documents received per run, over all connections: the rest wait for the next run or their webhook. */
export const INBOX_DOCUMENTS_PER_RUN = 50;

/**
 * The connections due, oldest read first (never read before first of all), of the organizations
 * `settled` lets the sweep touch on this database (ShardVisit).
 */
function dueConnections(db: Db, at: Date, limit: number, settled: Settled) {
  const before = new Date(at.getTime() - INBOX_SYNC_INTERVAL_MS).toISOString();
  return (
    db
      .select()
      .from(einvoiceNetworks)
      .where(
        and(
          or(isNull(einvoiceNetworks.lastInboxSyncAt), lt(einvoiceNetworks.lastInboxSyncAt, before)),
          settled(einvoiceNetworks.organizationId),
        ),
      )
      // SQLite sorts nulls first.
      .orderBy(asc(einvoiceNetworks.lastInboxSyncAt))
      .limit(limit)
  );
}

/**
 * Takes the connection for this run: its `last_inbox_sync_at` set to `at` only if no other run
 * took it since it was read, so two overlapping runs never read one inbox twice. A connection
 * whose inbox fails is counted as read too, so a broken one waits its interval like the others.
 */
async function claim(db: Db, row: EInvoiceNetworkRow, at: Date): Promise<boolean> {
  const unchanged =
    row.lastInboxSyncAt === null
      ? isNull(einvoiceNetworks.lastInboxSyncAt)
      : eq(einvoiceNetworks.lastInboxSyncAt, row.lastInboxSyncAt);
  const taken = await db
    .update(einvoiceNetworks)
    .set({ lastInboxSyncAt: at.toISOString() })
    .where(
      and(
        eq(einvoiceNetworks.organizationId, row.organizationId),
        eq(einvoiceNetworks.network, row.network),
        unchanged,
      ),
    )
    .returning({ organizationId: einvoiceNetworks.organizationId });
  return taken.length > 0;
}

/** The provider documents of the connection whose receipt refused them. */
async function refusedDocuments(db: Db, row: EInvoiceNetworkRow): Promise<Set<string>> {
  const rows = await db
    .select({ id: networkReceipts.providerDocumentId })
    .from(networkReceipts)
    .where(
      and(
        eq(networkReceipts.organizationId, row.organizationId),
        eq(networkReceipts.network, row.network),
        eq(networkReceipts.outcome, "refused"),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Reads one connection's inbox and receives up to `budget` of its documents; the events they
 * recorded, and how many documents it took.
 */
export async function syncInbox(
  db: Db,
  env: ReceiveEnv,
  row: EInvoiceNetworkRow,
  budget: number,
): Promise<{ eventIds: string[]; received: number }> {
  const eventIds: string[] = [];
  let received = 0;
  try {
    const network = await openRow(env, row);
    const organization = await getOrganization(db, row.organizationId);
    const refused = await refusedDocuments(db, row);
    // A refused document stays unread at the provider, for a person to see: skipped, uncounted.
    const entries = (await network.provider.inbox(row.companyId)).filter(
      (entry) => !refused.has(entry.providerDocumentId),
    );
    for (const entry of entries.slice(0, budget)) {
      const result = await receiveNetworkDocument(
        { db, env },
        network,
        organization,
        entry.providerDocumentId,
      );
      eventIds.push(...result.eventIds);
      received++;
    }
    if (entries.length > budget) {
      logInfo("peppol inbox left for the next run", {
        organization_id: row.organizationId,
        waiting: entries.length - budget,
      });
    }
  } catch (error) {
    logReceiveFailure(row.organizationId, error, { sweep: "peppol-inbox" });
  }
  return { eventIds, received };
}

export async function sweepPeppolInboxes(env: Bindings, at: Date): Promise<void> {
  const eventIds: string[] = [];
  let budget = INBOX_DOCUMENTS_PER_RUN;
  // The run's documents go to the databases in an order that turns every minute, so a busy one
  // cannot keep the next from ever being read.
  const turn = Math.floor(at.getTime() / 60_000);
  await forEachShard(
    env,
    "peppol-inbox",
    async (db, _, visit) => {
      for (const row of await dueConnections(db, at, INBOX_CONNECTIONS_PER_RUN, visit.settled)) {
        if (budget <= 0) break;
        if (!(await claim(db, row, at))) continue;
        const synced = await syncInbox(db, env, row, budget);
        eventIds.push(...synced.eventIds);
        budget -= synced.received;
      }
    },
    { turn },
  );
  if (eventIds.length === 0) return;
  await deliverEvents(env, eventIds).catch((error: unknown) =>
    logWarn("webhook first attempt failed", { event_ids: eventIds.length, error: String(error) }),
  );
}
