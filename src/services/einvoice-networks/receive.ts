// Receiving over an e-invoice network: a document the provider holds for the organization is
// fetched with the organization's own credentials (never taken from a webhook's body), then
// imported as a bill (an invoice or credit note) or, for a Message Level Response, applied to the
// delivery it answers; then the provider is told it is read. The webhook and the inbox sweep both
// come through `receiveNetworkDocument`, and its receipt row makes a document count once.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { failBatchUnless, isGuardFailure, isUniqueFailure } from "../../db/guards";
import type { Organization } from "../../db/schema/identity";
import {
  type DeliveryError,
  type EInvoiceDelivery,
  type EInvoiceNetwork,
  einvoiceDeliveries,
  type NetworkReceipt,
  networkReceipts,
  type ReceiptOutcome,
} from "../../db/schema/networks";
import { InvalidEInvoice } from "../../document/received";
import { type MessageResponse, readMessageResponse } from "../../document/received/message-response";
import { nowIso } from "../../lib/clock";
import { timingSafeEqualText } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { logError, logWarn } from "../../lib/log";
import { type BillEnv, importBill } from "../bills";
import { type NetworkEnv, type OpenNetwork, openNetwork } from "./connection";
import { deliveryEvent } from "./delivery-view";
import { NetworkProviderError } from "./types";

export type ReceiveEnv = BillEnv & NetworkEnv;

export interface ReceiveServices {
  db: Db;
  env: ReceiveEnv;
}

/** What became of one received document, as its receipt records it, and the events it recorded. */
export interface ReceiveResult {
  outcome: ReceiptOutcome;
  billId: string | null;
  deliveryId: string | null;
  reason: string | null;
  eventIds: string[];
}

/** What an organization id may be (as the API's organization_id parameter): anything else is unknown. */
const ORGANIZATION_ID = /^[\x21-\x7e]{1,64}$/;

/** The longest webhook token compared: the sealed one is far shorter. */
const MAX_WEBHOOK_TOKEN_LENGTH = 256;

/**
 * The organization's network when `token` is its webhook's token (compared in constant time);
 * null for an unknown organization, no connection, or a missing or wrong token alike.
 */
export async function networkOfWebhook(
  db: Db,
  env: NetworkEnv,
  organizationId: string,
  token: string | undefined,
  network: EInvoiceNetwork = "peppol",
): Promise<OpenNetwork | null> {
  if (!token || token.length > MAX_WEBHOOK_TOKEN_LENGTH || !ORGANIZATION_ID.test(organizationId)) return null;
  const opened = await openNetwork(db, env, organizationId, network);
  if (!opened) return null;
  return timingSafeEqualText(token, opened.secrets.webhookToken) ? opened : null;
}

async function receiptOf(
  db: Db,
  organizationId: string,
  network: EInvoiceNetwork,
  providerDocumentId: string,
) {
  const [row] = await db
    .select()
    .from(networkReceipts)
    .where(
      and(
        eq(networkReceipts.organizationId, organizationId),
        eq(networkReceipts.network, network),
        eq(networkReceipts.providerDocumentId, providerDocumentId),
      ),
    );
  return row;
}

const resultOf = (receipt: NetworkReceipt, eventIds: string[] = []): ReceiveResult => ({
  outcome: receipt.outcome,
  billId: receipt.billId,
  deliveryId: receipt.deliveryId,
  reason: receipt.reason,
  eventIds,
});

/** Why a document was not imported, as its receipt keeps it; null for a failure of our own. */
function refusalOf(error: unknown): string | null {
  if (error instanceof InvalidEInvoice) return error.reason;
  if (
    error instanceof ApiError &&
    (error.code === "invalid_einvoice" || error.code === "payload_too_large")
  ) {
    const reason = error.details?.reason;
    return typeof reason === "string" ? reason : error.message;
  }
  // The provider holds no XML for it, or more than a bill takes: fetching again will not change it.
  if (error instanceof NetworkProviderError && (error.kind === "not_found" || error.kind === "invalid"))
    return error.message;
  return null;
}

/** How many times a response is applied again after another writer changed its delivery meanwhile. */
const RESPONSE_ATTEMPTS = 3;

/**
 * The delivery a Message Level Response answers, updated; null when no delivery was sent under its
 * envelope. The receipt's insert is the claim: the receipt, the delivery's update and its event are
 * one batch that holds only while the delivery is as read and not being sent (`claimed_at` null),
 * so a webhook and a sweep applying the same response record it once. A delivery being sent, or
 * a response to no delivery while a send's envelope id is unknown, is left without a receipt and
 * unread: a later pass applies it. A response to no delivery otherwise is recorded and marked read.
 */
async function applyMessageResponse(
  db: Db,
  organizationId: string,
  response: MessageResponse,
  receipt: NetworkReceipt,
): Promise<ReceiveResult & { deferred: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const [delivery] = await db
      .select()
      .from(einvoiceDeliveries)
      .where(
        and(
          eq(einvoiceDeliveries.organizationId, organizationId),
          eq(einvoiceDeliveries.envelopeId, response.envelopeId),
        ),
      );
    if (!delivery) {
      // A send whose outcome is not known yet has no envelope id: the response may be its.
      if (await envelopeUnknown(db, organizationId)) return { ...resultOf(receipt), deferred: true };
      logWarn("message level response for no delivery", {
        organization_id: organizationId,
        provider_document_id: receipt.providerDocumentId,
        envelope_id: response.envelopeId,
        code: response.code,
      });
      const known = await claimReceipt(db, receipt);
      return { ...resultOf(known ?? receipt), deferred: false };
    }
    const recorded = { ...receipt, deliveryId: delivery.id };
    if (delivery.claimedAt !== null) return { ...resultOf(recorded), deferred: true };

    const answered = answeredDelivery(delivery, response);
    const event = answered.status === delivery.status ? null : deliveryEvent(db, answered);
    try {
      await db.batch([
        failBatchUnless(
          db,
          einvoiceDeliveries,
          sql`EXISTS (SELECT 1 FROM ${einvoiceDeliveries} WHERE ${and(
            eq(einvoiceDeliveries.id, delivery.id),
            eq(einvoiceDeliveries.status, delivery.status),
            isNull(einvoiceDeliveries.claimedAt),
          )})`,
        ),
        db.insert(networkReceipts).values(recorded),
        db
          .update(einvoiceDeliveries)
          .set({
            status: answered.status,
            error: answered.error,
            nextAttemptAt: answered.nextAttemptAt,
            responseCode: answered.responseCode,
            respondedAt: answered.respondedAt,
            updatedAt: answered.updatedAt,
          })
          .where(eq(einvoiceDeliveries.id, delivery.id)),
        ...(event?.statements ?? []),
      ]);
      return { ...resultOf(recorded, event ? [event.id] : []), deferred: false };
    } catch (error) {
      if (isUniqueFailure(error)) {
        // Another writer applied it first: its receipt is the answer.
        const known = await receiptOf(db, organizationId, receipt.network, receipt.providerDocumentId);
        if (known) return { ...resultOf(known), deferred: false };
      }
      if (!isGuardFailure(error, einvoiceDeliveries)) throw error;
      // The delivery changed since it was read: read it again (a claim taken meanwhile defers).
      if (attempt >= RESPONSE_ATTEMPTS) return { ...resultOf(recorded), deferred: true };
    }
  }
}

/** Whether a pending delivery of the organization has no envelope id yet (its send's outcome unknown). */
async function envelopeUnknown(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: einvoiceDeliveries.id })
    .from(einvoiceDeliveries)
    .where(
      and(
        eq(einvoiceDeliveries.organizationId, organizationId),
        eq(einvoiceDeliveries.status, "pending"),
        isNull(einvoiceDeliveries.envelopeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** `delivery` as `response` leaves it: RE fails it, AP or AB delivers a pending one. */
function answeredDelivery(delivery: EInvoiceDelivery, response: MessageResponse): EInvoiceDelivery {
  const at = nowIso();
  const answered: EInvoiceDelivery = {
    ...delivery,
    responseCode: response.code,
    respondedAt: at,
    updatedAt: at,
  };
  if (response.code === "RE") {
    const error: DeliveryError = {
      code: "rejected",
      message: response.reason ?? "The recipient rejected the document",
      rules: [],
    };
    Object.assign(answered, { status: "failed", error, nextAttemptAt: null });
  } else if (delivery.status === "pending") {
    Object.assign(answered, { status: "delivered", error: null, nextAttemptAt: null });
  }
  return answered;
}

/** Inserts `receipt` unless one is already recorded; the one recorded before, or null when this one is. */
async function claimReceipt(db: Db, receipt: NetworkReceipt): Promise<NetworkReceipt | null> {
  const inserted = await db
    .insert(networkReceipts)
    .values(receipt)
    .onConflictDoNothing()
    .returning({ id: networkReceipts.providerDocumentId });
  if (inserted.length > 0) return null;
  return (await receiptOf(db, receipt.organizationId, receipt.network, receipt.providerDocumentId)) ?? null;
}

/** The bill `bytes` make (or made), or why they make none. */
async function importReceived(
  services: ReceiveServices,
  organization: Pick<Organization, "id" | "billingProfile">,
  bytes: Uint8Array<ArrayBuffer>,
  receipt: NetworkReceipt,
): Promise<ReceiveResult> {
  let recorded: NetworkReceipt;
  let eventIds: string[] = [];
  try {
    const imported = await importBill(services, organization, bytes, "xml", {
      source: "peppol",
      filename: `${receipt.providerDocumentId}.xml`,
    });
    recorded = { ...receipt, outcome: imported.created ? "imported" : "duplicate", billId: imported.bill.id };
    eventIds = imported.eventIds;
  } catch (error) {
    if (error instanceof ApiError && error.code === "duplicate_bill") {
      const billId = error.details?.bill_id;
      recorded = { ...receipt, outcome: "duplicate", billId: typeof billId === "string" ? billId : null };
    } else {
      const reason = refusalOf(error);
      if (reason === null) throw error;
      recorded = { ...receipt, outcome: "refused", reason };
    }
  }
  // A concurrent receipt of the same document recorded first: its receipt is the answer (the
  // bill's hash let only one of them create it).
  const known = await claimReceipt(services.db, recorded);
  return known ? resultOf(known) : resultOf(recorded, eventIds);
}

/** Tells the provider the document is read and records when; a failure leaves it for the next sweep. */
async function markRead(db: Db, network: OpenNetwork, receipt: NetworkReceipt) {
  try {
    await network.provider.markAsRead(receipt.providerDocumentId);
  } catch (error) {
    logWarn("network document not marked as read", {
      organization_id: receipt.organizationId,
      provider: network.row.provider,
      provider_document_id: receipt.providerDocumentId,
      error: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  await db
    .update(networkReceipts)
    .set({ markedReadAt: nowIso() })
    .where(
      and(
        eq(networkReceipts.organizationId, receipt.organizationId),
        eq(networkReceipts.network, receipt.network),
        eq(networkReceipts.providerDocumentId, receipt.providerDocumentId),
      ),
    );
}

/** The document's bytes; a call that never got an answer (the network, the timeout) is `unavailable`. */
async function fetchReceived(network: OpenNetwork, providerDocumentId: string) {
  try {
    return await network.provider.fetchDocument(providerDocumentId);
  } catch (error) {
    if (error instanceof NetworkProviderError) throw error;
    throw new NetworkProviderError(
      "unavailable",
      0,
      `The provider could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Receives the provider's document `providerDocumentId` for the network's organization, once: a
 * document already received and marked read, or refused, is answered as recorded, without a call;
 * one received but not yet marked is only marked. A refused document stays unread at the provider
 * (its inbox shows it to a person) and is never fetched again. Throws NetworkProviderError when the
 * provider could not be reached or refused the credentials (the caller logs it; the sweep tries again).
 */
export async function receiveNetworkDocument(
  services: ReceiveServices,
  network: OpenNetwork,
  organization: Pick<Organization, "id" | "billingProfile">,
  providerDocumentId: string,
): Promise<ReceiveResult> {
  const { db } = services;
  const known = await receiptOf(db, organization.id, network.row.network, providerDocumentId);
  if (known?.markedReadAt || known?.outcome === "refused") return resultOf(known);
  if (known) {
    await markRead(db, network, known);
    return resultOf(known);
  }

  const receipt: NetworkReceipt = {
    organizationId: organization.id,
    network: network.row.network,
    providerDocumentId,
    outcome: "refused",
    billId: null,
    deliveryId: null,
    reason: null,
    markedReadAt: null,
    createdAt: nowIso(),
  };
  let result: ReceiveResult;
  try {
    const bytes = await fetchReceived(network, providerDocumentId);
    const response = readMessageResponse(bytes);
    if (response) {
      const applied = await applyMessageResponse(db, organization.id, response, {
        ...receipt,
        outcome: "response",
      });
      if (applied.deferred) return applied;
      result = applied;
    } else {
      result = await importReceived(services, organization, bytes, receipt);
    }
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === null) throw error;
    const refused = { ...receipt, reason };
    result = resultOf((await claimReceipt(db, refused)) ?? refused);
  }
  if (result.outcome === "refused") {
    logWarn("network document refused, left unread at the provider", {
      organization_id: organization.id,
      provider_document_id: providerDocumentId,
      reason: result.reason,
    });
    return result;
  }
  await markRead(db, network, receipt);
  return result;
}

/** Logs a provider failure of one organization's receipt (never a secret: the provider's words). */
export function logReceiveFailure(
  organizationId: string,
  error: unknown,
  fields: Record<string, unknown> = {},
) {
  logError("network receive failed", {
    organization_id: organizationId,
    ...fields,
    ...(error instanceof NetworkProviderError
      ? { kind: error.kind, status: error.status, error: error.message }
      : { error: error instanceof Error ? error.message : String(error) }),
  });
}
