// Invoices and credit notes sent over Peppol: which channels a send uses, the delivery row it
// starts in its own batch, one attempt at the provider (the send's and the retry sweep's), and
// the deliveries a page of documents shows. The bytes sent are always the UBL that
// GET .../einvoice?syntax=ubl serves, read again for each attempt.
import { and, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { failBatchUnless, isGuardFailure } from "../../db/guards";
import { anyOrganization, type Settled } from "../../db/route";
import type { CustomerEInvoiceProfile } from "../../db/schema/customers";
import type { InvoiceStatus } from "../../db/schema/invoices";
import {
  type DeliveredDocumentType,
  type DeliveryChannel,
  type DeliveryError,
  type EInvoiceDelivery,
  einvoiceDeliveries,
} from "../../db/schema/networks";
import type { IssuedDocument } from "../../document/model";
import { now } from "../../lib/clock";
import { ApiError, conflict, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logWarn } from "../../lib/log";
import { type ArchiveContext, peppolUbl } from "../archive";
import { documentEInvoiceMissing } from "../einvoice";
import { isIssued } from "../lifecycle";
import { type NetworkEnv, type OpenNetwork, openNetwork } from "./connection";
import { type DeliveryView, deliveryEvent, deliveryView } from "./delivery-view";
import { lookupParticipant, participantIdOf } from "./participants";
import { isRetryable, NetworkProviderError } from "./types";

/** How long an attempt holds its row: a second sweep (or a send and a sweep) never send it twice. */
export const DELIVERY_LEASE_MS = 2 * 60 * 1000;

/** How long an attempt with an unknown outcome is tried again before the delivery gives up. */
export const DELIVERY_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The pause after the nth attempt with an unknown outcome, in minutes; hourly after the last. */
const BACKOFF_MINUTES = [1, 2, 5, 10, 30, 60] as const;

export function nextAttemptAt(attempts: number, at: Date): string {
  const minutes = BACKOFF_MINUTES[attempts - 1] ?? 60;
  return new Date(at.getTime() + minutes * 60_000).toISOString();
}

/** What a send is asked for (`send { channels }`, undefined: chosen by the customer), and where to look. */
export interface SendChannels {
  env: NetworkEnv;
  channels?: readonly DeliveryChannel[];
}

/** What a send does: e-mail the customer or not, and the Peppol delivery it makes (or none). */
export interface ChannelPlan {
  email: boolean;
  peppol: { network: OpenNetwork; recipient: string } | null;
}

const EMAIL_ONLY: ChannelPlan = { email: true, peppol: null };

/**
 * The channels of a send, decided before the document is issued or changed, from `doc`, the
 * model the send issues (or issued). Without `requested`: Peppol alone when the organization has a
 * network, the document's Peppol UBL can be produced (its readiness' `syntaxes.ubl`) and the
 * buyer's electronic address (the UBL's EndpointID) is a registered participant, else e-mail (a
 * UBL that cannot be produced is logged; a lookup that fails is logged, and the customer who chose
 * `peppol` is then sent over Peppol, where the delivery's outcome shows); a document whose Peppol
 * delivery is already delivered or pending is sent again as a reminder, by e-mail. With
 * `requested`: those
 * channels, Peppol refused without a network (409 `peppol_not_connected`), without an address
 * Peppol takes or with a UBL that lacks fields (422 naming them).
 */
export async function planChannels(
  db: Db,
  env: NetworkEnv,
  organizationId: string,
  document: {
    type: DeliveredDocumentType;
    id: string;
    doc: IssuedDocument;
    /** The customer's chosen e-invoice profile: "peppol" goes over Peppol when a lookup fails. */
    einvoiceProfile: CustomerEInvoiceProfile | null;
  },
  requested: readonly DeliveryChannel[] | undefined,
): Promise<ChannelPlan> {
  const { doc } = document;
  const buyer = doc.buyer.electronic_address;
  const parsed = participantIdOf(buyer?.scheme, buyer?.id);
  const missing = documentEInvoiceMissing(doc, "ubl");
  const producible = Object.keys(missing).length === 0;
  if (requested === undefined) {
    if (!parsed?.ok) return EMAIL_ONLY;
    const network = await openNetwork(db, env, organizationId);
    if (network && (await peppolUnderway(db, organizationId, document))) return EMAIL_ONLY;
    if (network && !producible) {
      logWarn("peppol UBL cannot be produced: the send e-mails", {
        organization_id: organizationId,
        missing: Object.keys(missing),
      });
      return EMAIL_ONLY;
    }
    if (!network) return EMAIL_ONLY;
    const chosePeppol = document.einvoiceProfile === "peppol";
    const registered = await lookupParticipant(db, network.provider, organizationId, parsed.participant)
      .then((answer) => answer.registered)
      .catch((error: unknown) => {
        logWarn(`peppol participant lookup failed: the send goes by ${chosePeppol ? "Peppol" : "e-mail"}`, {
          organization_id: organizationId,
          participant_id: parsed.participant.value,
          error: String(error),
        });
        return chosePeppol;
      });
    return registered
      ? { email: false, peppol: { network, recipient: parsed.participant.value } }
      : EMAIL_ONLY;
  }
  const email = requested.includes("email");
  if (!requested.includes("peppol")) return { email, peppol: null };
  const network = await openNetwork(db, env, organizationId);
  if (!network) {
    throw conflict(
      "peppol_not_connected",
      "The organization has no Peppol connection (PUT /v1/einvoice-networks/peppol)",
    );
  }
  if (!parsed?.ok) {
    throw validationError(
      {
        "customer.electronic_address": parsed
          ? parsed.problem
          : "Sending over Peppol needs the customer's electronic address (scheme:id)",
      },
      "The document cannot be sent over Peppol",
    );
  }
  if (!producible) {
    throw validationError(
      missing,
      "The document cannot be sent over Peppol: its UBL needs the fields in details",
    );
  }
  return { email, peppol: { network, recipient: parsed.participant.value } };
}

/** Whether the document's Peppol delivery is delivered or on its way (pending). */
async function peppolUnderway(
  db: Db,
  organizationId: string,
  document: { type: DeliveredDocumentType; id: string },
): Promise<boolean> {
  const [row] = await db
    .select({ status: einvoiceDeliveries.status })
    .from(einvoiceDeliveries)
    .where(
      and(
        eq(einvoiceDeliveries.organizationId, organizationId),
        eq(einvoiceDeliveries.documentType, document.type),
        eq(einvoiceDeliveries.documentId, document.id),
        eq(einvoiceDeliveries.channel, "peppol"),
      ),
    );
  return row !== undefined && row.status !== "failed";
}

export interface DeliveryStart {
  organizationId: string;
  documentType: DeliveredDocumentType;
  documentId: string;
  /** The number as the batch leaves it (an SQL read when the same batch takes it). */
  documentNumber: string | SQL;
  network: OpenNetwork;
  recipient: string;
  /** The send's time: it marks the row as held by this send (its lease). */
  at: string;
}

/**
 * The statement that starts a document's Peppol delivery, held by the send: a new row, or a
 * `failed` one started again (attempts and the last provider document id kept). A `delivered` or
 * `pending` one is left as it is. A round started again after `gave_up` stays ambiguous and keeps
 * its start: the provider may hold what it sent, and is asked first.
 */
export function startDeliveryStatement(db: Db, start: DeliveryStart) {
  const retryUntil = new Date(Date.parse(start.at) + DELIVERY_RETRY_WINDOW_MS).toISOString();
  const gaveUp = sql`json_extract(${einvoiceDeliveries.error}, '$.code') = 'gave_up'`;
  const round = {
    status: "pending" as const,
    recipient: start.recipient,
    provider: start.network.row.provider,
    error: null,
    // A new round answers to its own envelope: an earlier round's id and response would let a
    // response to the old message settle the new one, or hide the new one's response.
    envelopeId: null,
    responseCode: null,
    respondedAt: null,
    nextAttemptAt: start.at,
    claimedAt: start.at,
    retryUntil,
    updatedAt: start.at,
  };
  return db
    .insert(einvoiceDeliveries)
    .values({
      id: prefixedId("dlv"),
      organizationId: start.organizationId,
      documentType: start.documentType,
      documentId: start.documentId,
      documentNumber: start.documentNumber,
      channel: "peppol",
      attempts: 0,
      createdAt: start.at,
      ambiguous: false,
      roundStartedAt: start.at,
      ...round,
    })
    .onConflictDoUpdate({
      target: [
        einvoiceDeliveries.organizationId,
        einvoiceDeliveries.documentType,
        einvoiceDeliveries.documentId,
        einvoiceDeliveries.channel,
      ],
      set: {
        ...round,
        ambiguous: sql`CASE WHEN ${gaveUp} THEN 1 ELSE 0 END`,
        roundStartedAt: sql`CASE WHEN ${gaveUp} THEN ${einvoiceDeliveries.roundStartedAt} ELSE ${start.at} END`,
      },
      setWhere: eq(einvoiceDeliveries.status, "failed"),
    });
}

/** The document's Peppol delivery when this send holds it (it started it at `at`), else null. */
export async function heldDelivery(
  db: Db,
  start: Pick<DeliveryStart, "organizationId" | "documentType" | "documentId" | "at">,
): Promise<EInvoiceDelivery | null> {
  const [row] = await db
    .select()
    .from(einvoiceDeliveries)
    .where(
      and(
        eq(einvoiceDeliveries.organizationId, start.organizationId),
        eq(einvoiceDeliveries.documentType, start.documentType),
        eq(einvoiceDeliveries.documentId, start.documentId),
        eq(einvoiceDeliveries.channel, "peppol"),
      ),
    );
  return row?.status === "pending" && row.claimedAt === start.at ? row : null;
}

/**
 * After the send's batch: the delivery it holds attempted once (the sweep retries what stays
 * pending), and the document's deliveries as they then stand, for its answer. A document's first
 * send (`issuing`: it was a draft, and only a send starts a delivery) that delivers over no
 * network has none, and reads none.
 */
export async function deliverSend(
  archive: ArchiveContext,
  plan: ChannelPlan,
  sent: Pick<DeliveryStart, "documentType" | "documentId" | "at"> & { issuing?: boolean },
): Promise<{ eventIds: string[]; deliveries: DeliveryView[] }> {
  const { db, organization } = archive;
  if (sent.issuing && !plan.peppol) return { eventIds: [], deliveries: [] };
  const document = { organizationId: organization.id, ...sent };
  const held = plan.peppol ? await heldDelivery(db, document) : null;
  const eventIds =
    plan.peppol && held ? (await attemptDelivery(archive, plan.peppol.network, held, now())).eventIds : [];
  const found = await deliveriesOf(db, organization.id, sent.documentType, [sent.documentId]);
  return { eventIds, deliveries: found.get(sent.documentId) ?? [] };
}

/** What one attempt changes on its row. */
type Outcome = Partial<EInvoiceDelivery> & Pick<EInvoiceDelivery, "status">;

const failed = (code: string, message: string, rules: DeliveryError["rules"] = []): Outcome => ({
  status: "failed",
  error: { code, message, rules },
  ambiguous: false,
  nextAttemptAt: null,
});

/**
 * A provider's refusal or a document that cannot be produced as the delivery's final failure, or
 * null when the attempt may be tried again (a network failure, an unavailable provider, our own
 * storage or key failing: an ApiError of status 500 and up).
 */
function finalFailure(error: unknown): Outcome | null {
  if (error instanceof ApiError)
    return error.status >= 500 ? null : failed("invalid_document", error.message);
  if (isRetryable(error) || !(error instanceof NetworkProviderError)) return null;
  return failed(error.kind, error.message, error.rules);
}

/**
 * One attempt of a held delivery: after an attempt whose outcome is unknown, the provider is asked
 * first whether it has the document (by number, to this recipient: then it is delivered and not
 * sent again); else the served UBL is sent. The row's new state and its event commit together;
 * answers the row as it stands and the event ids to dispatch.
 */
export async function attemptDelivery(
  archive: ArchiveContext,
  network: OpenNetwork,
  row: EInvoiceDelivery,
  at: Date,
): Promise<{ row: EInvoiceDelivery; eventIds: string[] }> {
  const { provider } = network;
  const companyId = network.row.companyId;
  let outcome: Outcome;
  try {
    const already = row.ambiguous ? await sentThisRound(network, row) : undefined;
    const sent =
      already ??
      (await provider.send({
        companyId,
        recipient: row.recipient,
        xml: new TextDecoder().decode((await peppolUbl(archive, row.documentType, row.documentId)).bytes),
      }));
    outcome = {
      status: "delivered",
      providerDocumentId: sent.providerDocumentId,
      envelopeId: sent.envelopeId,
      error: null,
      ambiguous: false,
      nextAttemptAt: null,
    };
  } catch (error) {
    logWarn("peppol delivery attempt failed", {
      organization_id: row.organizationId,
      delivery_id: row.id,
      document_type: row.documentType,
      document_id: row.documentId,
      error: String(error),
    });
    outcome = finalFailure(error) ?? retryOutcome(row, error, at);
  }
  return recordOutcome(archive.db, row, outcome, at);
}

/** An attempt that may be tried again: pending with backoff, or `gave_up` once `retry_until` is past. */
function retryOutcome(row: EInvoiceDelivery, error: unknown, at: Date): Outcome {
  if (row.retryUntil !== null && at.toISOString() >= row.retryUntil) {
    return failed("gave_up", `No answer from the provider since the send; last: ${String(error)}`);
  }
  return { status: "pending", ambiguous: true, nextAttemptAt: nextAttemptAt(row.attempts + 1, at) };
}

/**
 * A held delivery whose connection could not be opened (its secrets unreadable): tried again as
 * an attempt with an unknown outcome would be, failed `gave_up` after `retry_until`.
 */
export function unopenedDelivery(db: Db, row: EInvoiceDelivery, error: unknown, at: Date) {
  return recordOutcome(db, row, { ...retryOutcome(row, error, at), ambiguous: row.ambiguous }, at, false);
}

/**
 * The document an ambiguous attempt of this round may have left at the provider: same number,
 * type and recipient, created since the round started, and not an earlier round's document.
 */
async function sentThisRound(network: OpenNetwork, row: EInvoiceDelivery) {
  // The round's start is read on our clock, the provider's `createdAt` on its own: both are
  // network-synced, and the send's own latency (the round starts before the request leaves)
  // covers a skew of milliseconds. An earlier round's document is kept out by this window
  // (and by its id, when it was recorded).
  const found = await network.provider.findSent(network.row.companyId, row.documentNumber, {
    ...(row.roundStartedAt ? { since: row.roundStartedAt } : {}),
  });
  // What the provider does not state (a type, a recipient) does not rule a document out.
  return found.find(
    (d) =>
      d.providerDocumentId !== row.providerDocumentId &&
      d.documentNumber === row.documentNumber &&
      (d.documentType ?? row.documentType) === row.documentType &&
      (d.recipient ?? row.recipient) === row.recipient,
  );
}

/**
 * Writes an attempt's outcome, the lease let go, and its event, in one batch guarded on the row
 * still being held by this attempt: when another claim took it after the lease ran out, nothing
 * is written (that claim records its own outcome), so an outcome and its event are never doubled
 * nor one written without the other.
 */
async function recordOutcome(db: Db, row: EInvoiceDelivery, outcome: Outcome, at: Date, attempted = true) {
  const next: EInvoiceDelivery = {
    ...row,
    ...outcome,
    attempts: row.attempts + (attempted ? 1 : 0),
    claimedAt: null,
    updatedAt: at.toISOString(),
  };
  const { id, organizationId: _o, createdAt: _c, ...changes } = next;
  const recorded = deliveryEvent(db, next);
  try {
    await db.batch([
      failBatchUnless(
        db,
        einvoiceDeliveries,
        sql`EXISTS (SELECT 1 FROM ${einvoiceDeliveries} WHERE ${and(eq(einvoiceDeliveries.id, id), claimedBy(row.claimedAt))})`,
      ),
      db.update(einvoiceDeliveries).set(changes).where(eq(einvoiceDeliveries.id, id)),
      ...(recorded?.statements ?? []),
    ]);
  } catch (error) {
    if (isGuardFailure(error, einvoiceDeliveries)) return { row: next, eventIds: [] };
    throw error;
  }
  return { row: next, eventIds: recorded ? [recorded.id] : [] };
}

const claimedBy = (claimedAt: string | null) =>
  claimedAt === null ? isNull(einvoiceDeliveries.claimedAt) : eq(einvoiceDeliveries.claimedAt, claimedAt);

/** A held delivery whose organization's connection is gone: failed, `disconnected`. */
export function disconnectedDelivery(db: Db, row: EInvoiceDelivery, at: Date) {
  const outcome = failed("disconnected", "The organization's Peppol connection was removed");
  return recordOutcome(db, row, outcome, at, false);
}

/**
 * Up to `limit` due pending deliveries not held by a live lease (of one organization when given;
 * of the organizations `settled` lets the sweep touch on this database, ShardVisit).
 */
export async function dueDeliveries(
  db: Db,
  at: Date,
  limit: number,
  organizationId?: string,
  settled: Settled = anyOrganization,
): Promise<EInvoiceDelivery[]> {
  const leaseExpired = new Date(at.getTime() - DELIVERY_LEASE_MS).toISOString();
  return db
    .select()
    .from(einvoiceDeliveries)
    .where(
      and(
        eq(einvoiceDeliveries.status, "pending"),
        lte(einvoiceDeliveries.nextAttemptAt, at.toISOString()),
        or(isNull(einvoiceDeliveries.claimedAt), lte(einvoiceDeliveries.claimedAt, leaseExpired)),
        organizationId ? eq(einvoiceDeliveries.organizationId, organizationId) : undefined,
        settled(einvoiceDeliveries.organizationId),
      ),
    )
    .orderBy(einvoiceDeliveries.nextAttemptAt, einvoiceDeliveries.id)
    .limit(limit);
}

/**
 * Claims one due delivery right before it is attempted, with a conditional UPDATE only one claim
 * can win; null when another took it. A row whose earlier lease ran out was cut off mid-attempt
 * (the provider may hold it): the same UPDATE marks it ambiguous, so the provider is asked first.
 */
export async function claimDelivery(
  db: Db,
  row: EInvoiceDelivery,
  at: Date,
): Promise<EInvoiceDelivery | null> {
  const [won] = await db
    .update(einvoiceDeliveries)
    .set({ claimedAt: at.toISOString(), ambiguous: row.ambiguous || row.claimedAt !== null })
    .where(
      and(
        eq(einvoiceDeliveries.id, row.id),
        eq(einvoiceDeliveries.status, "pending"),
        claimedBy(row.claimedAt),
      ),
    )
    .returning();
  return won ?? null;
}

/** The delivery rows of documents `documentIds` (oldest first): a query, or an item of a batch. */
export function deliveryRowsOf(
  db: Db,
  organizationId: string,
  documentType: DeliveredDocumentType,
  documentIds: readonly string[],
) {
  return db
    .select()
    .from(einvoiceDeliveries)
    .where(
      and(
        eq(einvoiceDeliveries.organizationId, organizationId),
        eq(einvoiceDeliveries.documentType, documentType),
        // One JSON parameter: a page of ids stays under D1's 100 bound parameters.
        inArray(
          einvoiceDeliveries.documentId,
          sql`(SELECT value FROM json_each(${JSON.stringify(documentIds)}))`,
        ),
      ),
    )
    .orderBy(einvoiceDeliveries.createdAt, einvoiceDeliveries.id);
}

/** Delivery rows as views, by document id. */
export function deliveriesByDocument(
  rows: readonly (typeof einvoiceDeliveries.$inferSelect)[],
): Map<string, DeliveryView[]> {
  const byDocument = new Map<string, DeliveryView[]>();
  for (const row of rows) {
    const list = byDocument.get(row.documentId) ?? [];
    list.push(deliveryView(row));
    byDocument.set(row.documentId, list);
  }
  return byDocument;
}

/** The deliveries of a page of documents, one query, by document id (oldest first). */
export async function deliveriesOf(
  db: Db,
  organizationId: string,
  documentType: DeliveredDocumentType,
  documentIds: readonly string[],
): Promise<Map<string, DeliveryView[]>> {
  if (documentIds.length === 0) return new Map();
  return deliveriesByDocument(await deliveryRowsOf(db, organizationId, documentType, documentIds));
}

/**
 * A view with the `deliveries` of `found`, for an issued document; none for a draft (a delivery
 * starts in the send that issues its document).
 */
export function withDeliveriesOf<T extends { id: string; status?: InvoiceStatus }>(
  view: T,
  found: ReadonlyMap<string, DeliveryView[]>,
): T & { deliveries: DeliveryView[] } {
  const issued = view.status === undefined || isIssued(view.status);
  return { ...view, deliveries: issued ? (found.get(view.id) ?? []) : [] };
}

/**
 * Views of documents with their `deliveries` filled in: one query for the page's issued documents,
 * none when all are drafts (a delivery starts in the send that issues its document).
 */
export async function withDeliveries<T extends { id: string; status?: InvoiceStatus }>(
  db: Db,
  organizationId: string,
  documentType: DeliveredDocumentType,
  views: readonly T[],
): Promise<Array<T & { deliveries: DeliveryView[] }>> {
  const found = await deliveriesOf(
    db,
    organizationId,
    documentType,
    views.filter((v) => v.status === undefined || isIssued(v.status)).map((v) => v.id),
  );
  return views.map((v) => withDeliveriesOf(v, found));
}
