// A delivery as the API shows it (an invoice's or credit note's `deliveries`) and as its events
// carry it: sending, the retry sweep and a received Message Level Response all report through here.
import type { Db } from "../../db/client";
import type { DeliveryStatus, EInvoiceDelivery } from "../../db/schema/networks";
import { type RecordedEvent, recordEvent } from "../events";

/** One entry of `deliveries`. */
export function deliveryView(row: EInvoiceDelivery) {
  return {
    id: row.id,
    channel: row.channel,
    status: row.status,
    recipient: row.recipient,
    provider_document_id: row.providerDocumentId,
    error: row.error ?? null,
    attempts: row.attempts,
    /** The recipient's Message Level Response (AB, AP, RE), when one came back. */
    response: row.responseCode ? { code: row.responseCode, received_at: row.respondedAt } : null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
export type DeliveryView = ReturnType<typeof deliveryView>;

/** The object of `invoice.delivered` and its kin: the delivery, and the document it carried. */
export function deliveryEventObject(row: EInvoiceDelivery) {
  return {
    ...deliveryView(row),
    object: "delivery" as const,
    document_type: row.documentType,
    document_id: row.documentId,
    number: row.documentNumber,
  };
}

const EVENT_OF = {
  invoice: { delivered: "invoice.delivered", failed: "invoice.delivery_failed" },
  credit_note: { delivered: "credit_note.delivered", failed: "credit_note.delivery_failed" },
} as const;

/**
 * The event a delivery reaching `status` records (`invoice.delivered`, `credit_note.delivery_failed`,
 * ...), or null for `pending`, which is no news.
 */
export function deliveryEvent(
  db: Db,
  row: EInvoiceDelivery,
  status: DeliveryStatus = row.status,
): RecordedEvent | null {
  if (status === "pending") return null;
  return recordEvent(db, {
    organizationId: row.organizationId,
    type: EVENT_OF[row.documentType][status],
    object: deliveryEventObject(row),
    at: row.updatedAt,
  });
}
