// Webhook delivery: claiming due deliveries, one signed attempt each, the stored result,
// the backoff schedule and the rules that disable a failing endpoint. The outbox
// (`services/events.ts`) queues deliveries; this module sends them, first through
// `waitUntil` right after the change commits, then from the every-minute cron sweep.
import { and, eq, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { dbForKnown, forEachShard, type Settled, tenantDatabases } from "../../db/route";
import { organizations } from "../../db/schema/identity";
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema/webhooks";
import type { Bindings } from "../../env";
import { BoundedMap } from "../../lib/bounded-map";
import { now } from "../../lib/clock";
import { prefixedId } from "../../lib/ids";
import { logError, logWarn } from "../../lib/log";
import { openSecrets } from "./secrets";
import { signatureHeaders } from "./signing";
import { checkWebhookUrl, webhookUrlPolicy } from "./url-guard";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Wait after the n-th failed attempt before the next one (close to Svix's schedule); 8 attempts in all. */
export const RETRY_DELAYS_MS = [
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint with no success for this long, while attempts keep failing, is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BODY_BYTES = 4096;
/** A claimed delivery is not picked again before this; it outlasts any attempt (10 s timeout). */
const CLAIM_LEASE_MS = 5 * MINUTE;
/** Deliveries claimed per first-attempt call (`deliverEvents`). */
const FIRST_ATTEMPT_BATCH_SIZE = 50;
const SWEEP_CONCURRENCY = 10;
/**
 * The cron sweep claims this many at a time (two rounds of SWEEP_CONCURRENCY, at most about
 * 20 s with every attempt timing out) and keeps claiming while SWEEP_TIME_BUDGET_MS lasts.
 */
const SWEEP_BATCH_SIZE = 20;
/** Wall time after which the sweep claims no further batch (the running one finishes). */
export const SWEEP_TIME_BUDGET_MS = 20_000;
/** Deliveries one endpoint may have attempted per sweep, so a backlog cannot starve the others. */
export const SWEEP_PER_ENDPOINT_LIMIT = 20;
/** Ids per `IN (...)` list of bound parameters; D1 allows 100 per statement. */
const IN_LIST_CHUNK = 80;
const USER_AGENT = "invoicing-api-webhooks/1.0";

/** When the attempt after `attemptNumber` failed ones is due, or undefined when none is left. */
export function nextAttemptAfter(attemptNumber: number, failedAt: Date): Date | undefined {
  const delay = RETRY_DELAYS_MS[attemptNumber - 1];
  return delay === undefined ? undefined : new Date(failedAt.getTime() + delay);
}

/**
 * Events whose own batch queued no delivery, as the batch's answer for the queueing statement
 * said (`recordEvent`): their first attempt has nothing to claim, so `deliverEvents` asks no
 * database for them. Kept per isolate (a request's first attempt runs in the isolate that wrote
 * its events), each id until its first attempt; at most 10,000, the oldest forgotten
 * first (a forgotten id costs only the read it would have saved).
 */
const noneQueued = new BoundedMap<string, true>(10_000);

/** Records that the batch that wrote `eventId` queued no delivery of it. */
export function noteNoneQueued(eventId: string): void {
  noneQueued.set(eventId, true);
}

/**
 * First attempt for each pending delivery of these events (called through waitUntil after the
 * batch). Event ids do not name their organization, so each database is asked, unless the caller
 * names the one they were written to (`database`); a moving organization's deliveries, and its
 * rows on a database it does not live on, wait (ShardVisit).
 */
export async function deliverEvents(
  env: Bindings,
  eventIds: readonly string[],
  options: { database?: string } = {},
): Promise<void> {
  if (eventIds.length === 0) return;
  // Asked only for events that may have queued deliveries (every id is looked at: each is forgotten).
  let mayHaveDeliveries = false;
  for (const id of eventIds) if (!noneQueued.delete(id)) mayHaveDeliveries = true;
  if (!mayHaveDeliveries) return;
  const chunks: SQL[] = [];
  for (let i = 0; i < eventIds.length; i += IN_LIST_CHUNK) {
    // The ids as one JSON parameter: the claim names them twice (its inner select and its
    // update), which an `IN (?, ...)` list would take past D1's 100 bound parameters.
    chunks.push(
      sql`${webhookDeliveries.eventId} IN (SELECT value FROM json_each(${JSON.stringify(
        eventIds.slice(i, i + IN_LIST_CHUNK),
      )}))`,
    );
  }
  // Most events go to no endpoint: a read finds that out without the write (and its commit)
  // that a claim costs even when it matches nothing, and before the directory is read. Status
  // is hidden from the planner (unary +) so it seeks the events' deliveries by event id and
  // never walks the pending ones (test/db/query-plans.test.ts).
  const queued = async (db: Db, ofEvents: SQL, settled?: Settled) =>
    (
      await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            ofEvents,
            sql`+${webhookDeliveries.status} = 'pending'`,
            settled?.(webhookDeliveries.organizationId),
          ),
        )
        .limit(1)
    ).length > 0;
  await forEachShard(
    env,
    "webhook-first-attempts",
    async (db, _, visit) => {
      for (const ofEvents of chunks) {
        if (chunks.length > 1 && !(await queued(db, ofEvents, visit.settled))) continue;
        const claimed = await claimDue(
          db,
          now(),
          and(ofEvents, visit.settled(webhookDeliveries.organizationId)),
          FIRST_ATTEMPT_BATCH_SIZE,
        );
        await attemptClaimed(db, env, claimed);
      }
    },
    {
      when: async (db) => {
        for (const ofEvents of chunks) if (await queued(db, ofEvents)) return true;
        return false;
      },
      // Events a request wrote are on its organization's database: the others are not asked.
      only: options.database,
    },
  );
}

/**
 * The cron sweep: attempts due deliveries, batch after batch while the time budget lasts. Each
 * batch takes every endpoint's most overdue deliveries before anyone's next ones, and no
 * endpoint gets more than SWEEP_PER_ENDPOINT_LIMIT per run, so one endpoint's backlog delays
 * no other endpoint's due delivery.
 */
export async function retryDueDeliveries(
  env: Bindings,
  at: Date,
  budgetMs: number = SWEEP_TIME_BUDGET_MS,
): Promise<void> {
  const deadline = Date.now() + budgetMs;
  let left = tenantDatabases(env).length;
  // Each database gets an equal share of what time is left, so a busy one cannot starve the next.
  await forEachShard(env, "webhook-retries", async (db, _, visit) => {
    const share = Date.now() + Math.max(0, deadline - Date.now()) / left--;
    const taken = new Map<string, number>();
    while (Date.now() < share) {
      const claimed = await claimFairly(db, at, taken, SWEEP_BATCH_SIZE, visit.settled);
      if (claimed.length === 0) break;
      for (const d of claimed) taken.set(d.endpointId, (taken.get(d.endpointId) ?? 0) + 1);
      await attemptClaimed(db, env, claimed);
    }
  });
}

/**
 * Claims up to `limit` due deliveries, ranked per endpoint by how overdue they are
 * (ROW_NUMBER() OVER (PARTITION BY endpoint_id)): all the endpoints' first ones, then their
 * second ones, and so on, never more per endpoint than SWEEP_PER_ENDPOINT_LIMIT minus what this
 * run already took (`taken`, passed as one JSON parameter), of the organizations `settled` lets
 * the sweep touch on this database (ShardVisit).
 */
async function claimFairly(
  db: Db,
  at: Date,
  taken: ReadonlyMap<string, number>,
  limit: number,
  settled: Settled,
): Promise<WebhookDeliveryRow[]> {
  const atIso = at.toISOString();
  const due = dueAt(atIso);
  const ranked = sql`${webhookDeliveries.id} in (
    select ranked.id from (
      select id, endpoint_id, next_attempt_at,
        row_number() over (partition by endpoint_id order by next_attempt_at, id) as rn
      from webhook_deliveries
      where status = 'pending' and next_attempt_at is not null and next_attempt_at <= ${atIso}
        and (leased_until is null or leased_until <= ${atIso})
        and ${settled(sql.raw("organization_id"))}
    ) as ranked
    where ranked.rn <= ${SWEEP_PER_ENDPOINT_LIMIT}
      - coalesce((select t.value from json_each(${JSON.stringify(Object.fromEntries(taken))}) as t where t.key = ranked.endpoint_id), 0)
    order by ranked.rn, ranked.next_attempt_at, ranked.id
    limit ${limit}
  )`;
  return db
    .update(webhookDeliveries)
    .set({ leasedUntil: leaseEnd(at) })
    .where(and(ranked, due))
    .returning();
}

/** One attempt of one pending delivery right now (test sends). */
export async function deliverNow(db: Db, env: Bindings, deliveryId: string): Promise<void> {
  const claimed = await claimDue(db, now(), eq(webhookDeliveries.id, deliveryId), 1);
  await attemptClaimed(db, env, claimed);
}

/** Not claimed by an attempt in flight: no lease, or one that has lapsed. */
function notLeased(atIso: string): SQL {
  return or(isNull(webhookDeliveries.leasedUntil), lte(webhookDeliveries.leasedUntil, atIso)) as SQL;
}

/**
 * Manual retry: in one conditional UPDATE, puts a delivery that has not succeeded and has no
 * attempt in flight back to pending and claims it, then attempts it. Answers false (nothing
 * sent) when the delivery succeeded meanwhile or an attempt holds its lease, so a retry never
 * sends alongside a sweep or a first attempt.
 */
export async function retryNow(
  db: Db,
  env: Bindings,
  deliveryId: string,
  scope: SQL | undefined,
): Promise<boolean> {
  const at = now();
  const atIso = at.toISOString();
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      status: "pending",
      nextAttemptAt: atIso,
      leasedUntil: leaseEnd(at),
      updatedAt: atIso,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        ne(webhookDeliveries.status, "succeeded"),
        notLeased(atIso),
        scope,
      ),
    )
    .returning();
  if (claimed.length === 0) return false;
  await attemptClaimed(db, env, claimed);
  return true;
}

const leaseEnd = (at: Date) => new Date(at.getTime() + CLAIM_LEASE_MS).toISOString();

/** Pending, due at `atIso`, and not leased by an attempt in flight. */
function dueAt(atIso: string): SQL {
  return and(
    eq(webhookDeliveries.status, "pending"),
    isNotNull(webhookDeliveries.nextAttemptAt),
    lte(webhookDeliveries.nextAttemptAt, atIso),
    notLeased(atIso),
  ) as SQL;
}

/**
 * Claims due deliveries by setting their lease in one conditional UPDATE ... RETURNING: a
 * second sweep (or the waitUntil attempt racing the cron, or a manual retry) no longer sees
 * them as due, so no delivery is sent twice at once. If the worker dies mid-attempt the lease
 * lapses and the delivery is attempted again: delivery is at least once, and receivers dedupe
 * on `webhook-id`.
 */
async function claimDue(
  db: Db,
  at: Date,
  filter: SQL | undefined,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  const due = and(dueAt(at.toISOString()), filter);
  const batch = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(due)
    .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
    .limit(limit);
  return db
    .update(webhookDeliveries)
    .set({ leasedUntil: leaseEnd(at) })
    .where(and(inArray(webhookDeliveries.id, batch), due))
    .returning();
}

async function attemptClaimed(db: Db, env: Bindings, claimed: WebhookDeliveryRow[]): Promise<void> {
  if (claimed.length === 0) return;
  const endpointIds = [...new Set(claimed.map((d) => d.endpointId))];
  const eventIds = [...new Set(claimed.map((d) => d.eventId))];
  const endpoints = new Map<string, WebhookEndpointRow>();
  const payloads = new Map<string, string>();
  for (let i = 0; i < endpointIds.length; i += IN_LIST_CHUNK) {
    const rows = await db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, endpointIds.slice(i, i + IN_LIST_CHUNK)));
    for (const row of rows) endpoints.set(row.id, row);
  }
  for (let i = 0; i < eventIds.length; i += IN_LIST_CHUNK) {
    const rows = await db
      .select({ id: webhookEvents.id, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, eventIds.slice(i, i + IN_LIST_CHUNK)));
    for (const row of rows) payloads.set(row.id, row.payload);
  }

  const queue = [...claimed];
  const worker = async () => {
    for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
      const endpoint = endpoints.get(delivery.endpointId);
      const payload = payloads.get(delivery.eventId);
      // The endpoint was deleted after the claim: its deliveries went with it.
      if (!endpoint || payload === undefined) continue;
      try {
        await attemptDelivery(db, env, delivery, endpoint, payload);
      } catch (error) {
        // The lease stays; the delivery is retried once it expires.
        logWarn("webhook attempt could not be recorded", { delivery_id: delivery.id, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SWEEP_CONCURRENCY, claimed.length) }, worker));
}

interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

async function attemptDelivery(
  db: Db,
  env: Bindings,
  delivery: WebhookDeliveryRow,
  endpoint: WebhookEndpointRow,
  payload: string,
): Promise<void> {
  const at = now();
  const atIso = at.toISOString();
  if (!endpoint.enabled) {
    // Disabled after this delivery was queued: it is failed, not sent (see docs/webhooks.md).
    await db
      .update(webhookDeliveries)
      .set({
        status: "failed",
        nextAttemptAt: null,
        leasedUntil: null,
        lastError: endpointDisabledError(endpoint),
        updatedAt: atIso,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }

  const outcome = await send(env, endpoint, delivery.eventId, payload, at);
  const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  // The count as claimed; nothing else changes it while the lease is held. The stored count is
  // incremented in SQL all the same, so it never goes back even if a lease were outlived.
  const attemptNumber = delivery.attemptCount + 1;

  let disableReason: string | undefined;
  if (outcome.statusCode === 410) {
    disableReason = `The endpoint answered 410 Gone on ${atIso}`;
  } else if (
    !succeeded &&
    endpoint.failingSince &&
    at.getTime() - Date.parse(endpoint.failingSince) >= DISABLE_AFTER_FAILING_MS
  ) {
    disableReason = `No successful delivery since ${endpoint.failingSince} (5 days of failures)`;
  }
  const next = succeeded || disableReason ? undefined : nextAttemptAfter(attemptNumber, at);
  const status = succeeded ? "succeeded" : next ? "pending" : "failed";

  // The attempt, the delivery's new state and the endpoint's health stand or fall together.
  await db.batch([
    db.insert(webhookAttempts).values({
      id: prefixedId("att"),
      deliveryId: delivery.id,
      attemptedAt: atIso,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      error: outcome.error,
      responseBody: outcome.responseBody,
    }),
    db
      .update(webhookDeliveries)
      .set({
        status,
        attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
        nextAttemptAt: next?.toISOString() ?? null,
        leasedUntil: null,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        updatedAt: atIso,
      })
      .where(eq(webhookDeliveries.id, delivery.id)),
    succeeded
      ? db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id))
      : db
          .update(webhookEndpoints)
          .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${atIso})` })
          .where(eq(webhookEndpoints.id, endpoint.id)),
    ...(disableReason ? disableEndpointStatements(db, endpoint.id, disableReason, atIso, delivery.id) : []),
  ]);
}

/**
 * Disables an endpoint and fails its pending deliveries: a disabled endpoint receives nothing,
 * and re-enabling it does not flood it with old events (each can be retried by hand).
 */
export function disableEndpointStatements(
  db: Db,
  endpointId: string,
  reason: string,
  atIso: string,
  exceptDeliveryId?: string,
) {
  return [
    db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: atIso })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true))),
    db
      .update(webhookDeliveries)
      .set({
        status: "failed",
        nextAttemptAt: null,
        lastError: `Endpoint disabled: ${reason}`,
        updatedAt: atIso,
      })
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.status, "pending"),
          exceptDeliveryId ? ne(webhookDeliveries.id, exceptDeliveryId) : undefined,
        ),
      ),
  ] as const;
}

function endpointDisabledError(endpoint: WebhookEndpointRow): string {
  return `Endpoint disabled: ${endpoint.disabledReason ?? "disabled"}`;
}

function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === "[::1]"
  );
}

/** Whether an organization is in test mode: built once per isolate (read per delivery attempt). */
const testModeOf = preparedQuery((db) =>
  db
    .select({ testMode: organizations.testMode })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder("id")))
    .prepare(),
);

async function isTestOrganization(env: Bindings, organizationId: string): Promise<boolean> {
  const db = await dbForKnown(env, organizationId);
  if (!db) return false;
  const [row] = await testModeOf(db).all({ id: organizationId });
  return row?.testMode ?? false;
}

/** Signs and POSTs the body once: no redirects followed, 10 s timeout, at most 4 KiB of answer kept. */
async function send(
  env: Bindings,
  endpoint: WebhookEndpointRow,
  messageId: string,
  payload: string,
  at: Date,
): Promise<AttemptOutcome> {
  // Checked again at send time: the rules (or WEBHOOK_ALLOW_PRIVATE) may have changed since the endpoint was saved.
  const verdict = checkWebhookUrl(endpoint.url, webhookUrlPolicy(env));
  if (!verdict.ok) {
    return { statusCode: null, durationMs: 0, error: `URL refused: ${verdict.reason}`, responseBody: null };
  }
  // A test organization's events never leave the machine: loopback receivers only.
  if (!isLoopbackHost(verdict.url.hostname) && (await isTestOrganization(env, endpoint.organizationId))) {
    return {
      statusCode: null,
      durationMs: 0,
      error: "Not sent: a test organization's webhooks reach loopback hosts only",
      responseBody: null,
    };
  }
  // Sealed secrets are opened here; a failure (a master key version missing from the
  // configuration) throws, so nothing is sent or recorded and the delivery is retried once its
  // lease lapses.
  const open = await openSecrets(env, endpoint).catch((error: unknown) => {
    logError("webhook secret could not be opened", { endpoint_id: endpoint.id, error: String(error) });
    throw error;
  });
  const secrets = [open.secret];
  if (
    open.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    Date.parse(endpoint.previousSecretExpiresAt) > at.getTime()
  ) {
    secrets.push(open.previousSecret);
  }
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    ...(await signatureHeaders(secrets, messageId, Math.floor(at.getTime() / 1000), payload)),
  };

  const started = Date.now();
  const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
  try {
    const response = await fetch(verdict.url.href, {
      method: "POST",
      headers,
      body: payload,
      redirect: "manual",
      signal,
    });
    const responseBody = await readAtMost(response, MAX_RESPONSE_BODY_BYTES);
    const durationMs = Date.now() - started;
    const status = response.status;
    let error: string | null = null;
    if (status >= 300 && status < 400) error = `Redirect (${status}) not followed`;
    else if (status < 200 || status >= 300) error = `HTTP ${status}`;
    return { statusCode: status, durationMs, error, responseBody };
  } catch (error) {
    const durationMs = Date.now() - started;
    const timedOut = signal.aborted || (error instanceof Error && error.name === "TimeoutError");
    return {
      statusCode: null,
      durationMs,
      error: timedOut
        ? `Timed out after ${ATTEMPT_TIMEOUT_MS / 1000} s`
        : `Request failed: ${String(error)}`.slice(0, 500),
      responseBody: null,
    };
  }
}

/** Reads at most `limit` bytes of the answer, then stops the stream. */
async function readAtMost(response: Response, limit: number): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut short still leaves what was read.
  } finally {
    reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}
