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
import { InvalidEInvoice, type ReceivedDocument, readEInvoice } from "../../document/received";
import type { Bindings } from "../../env";
import { nowIso } from "../../lib/clock";
import { sha256Hex } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { logError } from "../../lib/log";
import { type SealedBlob, sealArchiveBlob } from "../archive/store";
import { recordEvent } from "../events";
import { BILL_TRANSITIONS, billGuardHolds } from "../lifecycle";
import { billTaxLineChanges } from "../reports/tax-lines";
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

/** 409 `duplicate_bill` when the supplier has a bill with the document's number and issue date. */
async function assertNoDuplicate(
  db: Db,
  organizationId: string,
  supplierId: string,
  doc: Pick<ReceivedDocument, "number" | "issueDate">,
) {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(
      and(
        eq(bills.organizationId, organizationId),
        eq(bills.supplierId, supplierId),
        eq(bills.number, doc.number),
        eq(bills.issueDate, doc.issueDate),
      ),
    );
  if (row)
    throw new ApiError(
      "duplicate_bill",
      "The supplier's document with this number and issue date is already a bill",
      { details: { bill_id: row.id } },
    );
}

/** The document read, and its totals as the bill's columns; 422 for what is neither. */
function read(bytes: Uint8Array, mediaType: "xml" | "pdf") {
  try {
    const received = readEInvoice(bytes, mediaType);
    return { received, totals: statedTotalColumns(received.document) };
  } catch (error) {
    if (error instanceof InvalidEInvoice) throw invalidEInvoice(error);
    throw error;
  }
}

/**
 * The most a bill's stored JSON (its parsed document, parties and validation) or its event's may
 * take, in UTF-8 bytes: D1 refuses a row over 2,000,000 bytes, and the rest of the row and the
 * event's envelope need room. Some 5,000 plain lines (see docs/bills.md).
 */
export const MAX_BILL_JSON_BYTES = 1_500_000;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** 413 for a document too large to store as one bill row or one event. */
function assertStorable(row: Pick<Bill, "document" | "seller" | "buyer" | "validation">, event: unknown) {
  const stored = jsonBytes([row.document, row.seller, row.buyer, row.validation]);
  const size = Math.max(stored, jsonBytes(event));
  if (size > MAX_BILL_JSON_BYTES)
    throw new ApiError(
      "payload_too_large",
      `The e-invoice is too large to keep as a bill: read, it takes ${size} bytes, at most ${MAX_BILL_JSON_BYTES} are stored (some 5,000 plain lines)`,
      { details: { bytes: size, max_bytes: MAX_BILL_JSON_BYTES } },
    );
}

type SealedColumns = Pick<
  SealedBlob,
  "storageKey" | "storedSize" | "wrappedKey" | "keyVersion" | "noncePrefix"
>;

/** A row's sealed columns before its original is sealed: what the size check reads. */
const UNSEALED: SealedColumns = {
  storageKey: "",
  storedSize: 0,
  wrappedKey: "",
  keyVersion: "",
  noncePrefix: "",
};

/**
 * Imports `bytes` (an XML e-invoice, or a PDF carrying one) as a bill of `organization`: 201's
 * `created: true`, or the bill the same bytes made before. Throws 422 `invalid_einvoice` (nothing
 * stored), 409 `duplicate_bill` and 413 `payload_too_large` (MAX_BILL_JSON_BYTES, nothing stored). The e-mail and Peppol paths call it as the API does.
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

  const { received, totals } = read(bytes, mediaType);
  const doc = received.document;
  const validation = billValidation(received, organization.billingProfile);
  const at = nowIso();
  const id = prefixedId("bill");
  let found = await findSupplierOf(db, organizationId, doc.seller);
  const created = supplierFromSeller(organizationId, doc, at);
  const rowFor = (supplierId: string, sealed: SealedColumns): Bill => {
    const row: Bill = {
      id,
      organizationId,
      supplierId,
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
      sizeBytes: bytes.length,
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
    return row;
  };
  const unsealed = rowFor(found?.id ?? created.id, UNSEALED);
  assertStorable(unsealed, serializeBill(unsealed));
  if (found) await assertNoDuplicate(db, organizationId, found.id, doc);

  const sealed = await sealArchiveBlob(
    env.DOCUMENTS,
    masterKeySet(env),
    organizationId,
    id,
    bytes,
    billStorageKey(organizationId, id),
  );
  const removeOriginal = () =>
    env.DOCUMENTS.delete(sealed.storageKey).catch((cause: unknown) =>
      logError("bill original cleanup failed", { bill_id: id, error: String(cause) }),
    );
  try {
    // A new supplier loses to a concurrent import's of the same seller (the unique indexes of
    // suppliers): the bill then goes to that supplier, once, after the duplicate check again.
    for (let attempt = 0; ; attempt++) {
      const row = rowFor((found ?? created).id, sealed);
      const events = [
        recordEvent(db, { organizationId, type: "bill.received", object: serializeBill(row), at }),
      ];
      if (row.paidAt !== null)
        events.push(recordEvent(db, { organizationId, type: "bill.paid", object: serializeBill(row), at }));
      const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
        db.insert(bills).values(row),
        // Paid as it arrives: accepted as owed, its VAT breakdown in the tax report at once.
        ...billTaxLineChanges(db, null, row),
        ...events.flatMap((e) => e.statements),
      ];
      if (!found) statements.unshift(db.insert(suppliers).values(created));
      try {
        await db.batch(statements);
        return { bill: row, created: true, eventIds: events.map((e) => e.id) };
      } catch (error) {
        if (!isUniqueFailure(error)) throw error;
        // A concurrent import of the same bytes won: its bill is the answer.
        const winner = await billWithHash(db, organizationId, sha256);
        if (winner) {
          await removeOriginal();
          return { bill: winner, created: false, eventIds: [] };
        }
        // Or one of the same seller: its supplier, and perhaps the same number and date.
        const current = await findSupplierOf(db, organizationId, doc.seller);
        if (!current) throw error;
        await assertNoDuplicate(db, organizationId, current.id, doc);
        if (found || attempt > 0) throw error;
        found = current;
      }
    }
  } catch (error) {
    await removeOriginal();
    throw error;
  }
}
