// Receiving over an e-invoice network: a document the provider holds for the organization is
// fetched with the organization's own credentials (never taken from a webhook's body), then
// imported as a bill (an invoice or credit note) or, for a Message Level Response, applied to the
// delivery it answers; then the provider is told it is read. The webhook and the inbox sweep both
// come through `receiveNetworkDocument`, and its receipt row makes a document count once.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
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
  if (!token || token.length > MAX_WEBHOOK_TOKEN_LENGTH) return null;
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

/** The delivery a Message Level Response answers, updated; null when no delivery was sent under its envelope. */
async function applyMessageResponse(
  db: Db,
  organizationId: string,
  response: MessageResponse,
  receipt: NetworkReceipt,
): Promise<ReceiveResult> {
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
    logWarn("message level response for no delivery", {
      organization_id: organizationId,
      provider_document_id: receipt.providerDocumentId,
      envelope_id: response.envelopeId,
      code: response.code,
    });
    await db.insert(networkReceipts).values(receipt).onConflictDoNothing();
    return resultOf(receipt);
  }
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
  const event = answered.status === delivery.status ? null : deliveryEvent(db, answered);
  const recorded = { ...receipt, deliveryId: delivery.id };
  // The delivery, its event and the receipt stand or fall together: a response applied is never
  // applied again, and none is lost.
  await db.batch([
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
    db.insert(networkReceipts).values(recorded).onConflictDoNothing(),
    ...(event?.statements ?? []),
  ]);
  return resultOf(recorded, event ? [event.id] : []);
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
  await services.db.insert(networkReceipts).values(recorded).onConflictDoNothing();
  return resultOf(recorded, eventIds);
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
 * document already received and marked read is answered as recorded, without a call; one received
 * but not yet marked is only marked. Throws NetworkProviderError when the provider could not be
 * reached or refused the credentials (the caller logs it; the sweep tries again).
 */
export async function receiveNetworkDocument(
  services: ReceiveServices,
  network: OpenNetwork,
  organization: Pick<Organization, "id" | "billingProfile">,
  providerDocumentId: string,
): Promise<ReceiveResult> {
  const { db } = services;
  const known = await receiptOf(db, organization.id, network.row.network, providerDocumentId);
  if (known?.markedReadAt) return resultOf(known);
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
    result = response
      ? await applyMessageResponse(db, organization.id, response, { ...receipt, outcome: "response" })
      : await importReceived(services, organization, bytes, receipt);
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === null) throw error;
    await db
      .insert(networkReceipts)
      .values({ ...receipt, reason })
      .onConflictDoNothing();
    result = resultOf({ ...receipt, reason });
  }
  if (result.outcome === "refused") {
    logWarn("network document refused", {
      organization_id: organization.id,
      provider_document_id: providerDocumentId,
      reason: result.reason,
    });
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
