// Importing a received e-invoice as a bill: read (src/document/received), validated, its supplier
// found or created, the original bytes sealed in R2 like documents, then the bill and its
// `bill.received` event written in one batch. The same bytes again answer the bill they made;
// another document with the same supplier, number and issue date is a 409 `duplicate_bill`.
// Nothing is stored for what is not an e-invoice (422 `invalid_einvoice`).
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { masterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import { isUniqueFailure } from "../../db/guards";
import { type Bill, type BillSource, bills, suppliers } from "../../db/schema/bills";
import type { Organization } from "../../db/schema/identity";
import { InvalidEInvoice, type ReceivedEInvoice, readEInvoice } from "../../document/received";
import type { Bindings } from "../../env";
import { nowIso } from "../../lib/clock";
import { sha256Hex } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logError } from "../../lib/log";
import { sealArchiveBlob } from "../archive/store";
import { recordEvent } from "../events";
import { BILL_TRANSITIONS, billGuardHolds } from "../lifecycle";
import { statedTotalColumns } from "./amounts";
import { serializeBill } from "./serialize";
import { findSupplierOf, supplierFromSeller } from "./suppliers";
import { billValidation } from "./validation";

export type BillEnv = Pick<Bindings, "DOCUMENTS" | "MASTER_KEY" | "MASTER_KEYS" | "MASTER_KEY_VERSION">;

/** What an import needs: the organization's database and the bindings that seal the original. */
export interface BillServices {
  db: Db;
  env: BillEnv;
}

export interface ImportOptions {
  source: BillSource;
  /** The Message-ID of the e-mail the document came with. */
  messageId?: string | null;
  /** The file's name as received (a multipart part's, an attachment's). */
  filename?: string | null;
}

export interface ImportedBill {
  bill: Bill;
  /** false: the same bytes were imported before and this is that bill. */
  created: boolean;
  eventIds: string[];
}

/** The media type a received original is answered with. */
export const ORIGINAL_CONTENT_TYPES = { xml: "application/xml", pdf: "application/pdf" } as const;

/** Where a bill's original is sealed: never under documents/ or archives/, whose sweeps purge. */
export const billStorageKey = (organizationId: string, billId: string) => `bills/${organizationId}/${billId}`;

/** The 422 of a document that is not an e-invoice this service reads. */
export const invalidEInvoice = (error: InvalidEInvoice) =>
  new ApiError("invalid_einvoice", `Not an e-invoice: ${error.reason}`, {
    details: { reason: error.reason },
  });

async function billWithHash(db: Db, organizationId: string, sha256: string) {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.organizationId, organizationId), eq(bills.sha256, sha256)));
  return row;
}

async function billWithNumber(
  db: Db,
  organizationId: string,
  supplierId: string,
  number: string,
  date: string,
) {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(
      and(
        eq(bills.organizationId, organizationId),
        eq(bills.supplierId, supplierId),
        eq(bills.number, number),
        eq(bills.issueDate, date),
      ),
    );
  return row;
}

const duplicateBill = (billId: string) =>
  new ApiError(
    "duplicate_bill",
    "The supplier's document with this number and issue date is already a bill",
    {
      details: { bill_id: billId },
    },
  );

function read(bytes: Uint8Array, mediaType: "xml" | "pdf"): ReceivedEInvoice {
  try {
    return readEInvoice(bytes, mediaType);
  } catch (error) {
    if (error instanceof InvalidEInvoice) throw invalidEInvoice(error);
    throw error;
  }
}

/**
 * Imports `bytes` (an XML e-invoice, or a PDF carrying one) as a bill of `organization`: 201's
 * `created: true`, or the bill the same bytes made before. Throws 422 `invalid_einvoice` (nothing
 * stored) and 409 `duplicate_bill`. The e-mail and Peppol paths call it as the API does.
 */
export async function importBill(
  services: BillServices,
  organization: Pick<Organization, "id" | "billingProfile">,
  bytes: Uint8Array<ArrayBuffer>,
  mediaType: "xml" | "pdf",
  options: ImportOptions,
): Promise<ImportedBill> {
  const { db, env } = services;
  const organizationId = organization.id;
  const sha256 = await sha256Hex(bytes);
  const same = await billWithHash(db, organizationId, sha256);
  if (same) return { bill: same, created: false, eventIds: [] };

  const received = read(bytes, mediaType);
  const doc = received.document;
  const totals = statedTotalColumns(doc);
  const validation = billValidation(received, organization.billingProfile);
  const at = nowIso();
  const found = await findSupplierOf(db, organizationId, doc.seller);
  const supplier = found ?? supplierFromSeller(organizationId, doc, at);
  if (found) {
    const duplicate = await billWithNumber(db, organizationId, found.id, doc.number, doc.issueDate);
    if (duplicate) throw duplicateBill(duplicate.id);
  }

  const id = prefixedId("bill");
  const sealed = await sealArchiveBlob(
    env.DOCUMENTS,
    masterKeySet(env),
    organizationId,
    id,
    bytes,
    billStorageKey(organizationId, id),
  );
  const row: Bill = {
    id,
    organizationId,
    supplierId: supplier.id,
    number: doc.number,
    typeCode: doc.typeCode,
    status: BILL_TRANSITIONS.receive.to,
    source: options.source,
    seller: doc.seller,
    buyer: doc.buyer,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    currency: doc.currency,
    ...totals,
    amountPaidMinor: 0,
    document: doc,
    validation,
    syntax: received.syntax,
    container: received.container,
    customizationId: doc.customizationId,
    filename: options.filename ?? null,
    contentType: ORIGINAL_CONTENT_TYPES[received.container],
    sizeBytes: sealed.sizeBytes,
    sha256,
    storageKey: sealed.storageKey,
    storedSize: sealed.storedSize,
    wrappedKey: sealed.wrappedKey,
    keyVersion: sealed.keyVersion,
    noncePrefix: sealed.noncePrefix,
    messageId: options.messageId ?? null,
    receivedAt: at,
    approvedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    paidAt: null,
    metadata: null,
    version: 0,
    createdAt: at,
    updatedAt: at,
  };
  // A document that states it asks nothing to be paid (prepaid in full) is paid as it arrives.
  if (doc.totals.payable !== null && billGuardHolds("pay", row)) {
    Object.assign(row, { status: BILL_TRANSITIONS.pay.to, paidAt: at });
  }
  const events = [recordEvent(db, { organizationId, type: "bill.received", object: serializeBill(row), at })];
  if (row.paidAt !== null)
    events.push(recordEvent(db, { organizationId, type: "bill.paid", object: serializeBill(row), at }));
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db.insert(bills).values(row),
    ...events.flatMap((e) => e.statements),
  ];
  if (!found) statements.unshift(db.insert(suppliers).values(supplier));
  try {
    await db.batch(statements);
  } catch (error) {
    await env.DOCUMENTS.delete(sealed.storageKey).catch((cause: unknown) =>
      logError("bill original cleanup failed", { bill_id: id, error: String(cause) }),
    );
    if (!isUniqueFailure(error)) throw error;
    // A concurrent import of the same bytes, or of the same supplier's number and date, won.
    const winner = await billWithHash(db, organizationId, sha256);
    if (winner) return { bill: winner, created: false, eventIds: [] };
    const duplicate = await billWithNumber(db, organizationId, supplier.id, doc.number, doc.issueDate);
    if (duplicate) throw duplicateBill(duplicate.id);
    throw error;
  }
  return { bill: row, created: true, eventIds: events.map((e) => e.id) };
}
