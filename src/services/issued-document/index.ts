// The issued-document model of one invoice or credit note, as every output reads it: frozen at
// issue (table issued_documents) and read from there ever after; built from the rows for a draft
// (never stored: a draft changes), and frozen on first read for a document issued before models
// were frozen (its rows have not changed since issue: lines, totals and party snapshots are
// immutable once sent; only payments and credits move, and the model holds neither).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { type ArchivedDocumentType, issuedDocuments } from "../../db/schema/archives";
import type { Organization } from "../../db/schema/identity";
import { invoices } from "../../db/schema/invoices";
import { ISSUED_DOCUMENT_VERSION, type IssuedDocument } from "../../document/model";
import { now } from "../../lib/clock";
import { findCustomer } from "../customers";
import { loadCreditNote } from "../invoices/credit-notes";
import { loadInvoice } from "../invoices/read";
import { isIssued } from "../lifecycle";
import { issuedCreditNote, issuedInvoice } from "./build";

export { buyerReferenceOf } from "../../document/buyer-reference";
export type { IssuedDocument, LiveBalance } from "../../document/model";
export { issuedCreditNote, issuedInvoice, issuedQuote } from "./build";
export { balanceOf, type InvoiceStanding, invoiceStanding, type StandingStatus } from "./live";

interface FrozenRow {
  model: string;
  version: number;
}

/** The frozen row of a document of this type (an invoice id asked as a credit note is not one). */
async function frozenRow(
  db: Db,
  organizationId: string,
  type: ArchivedDocumentType,
  documentId: string,
): Promise<FrozenRow | undefined> {
  const [row] = await frozenModelRow(db).all({ documentId, organizationId, type });
  return row;
}

/** A document's frozen model: built once per isolate (every output of a sent document reads it). */
const frozenModelRow = preparedQuery((db) =>
  db
    .select({ model: issuedDocuments.model, version: issuedDocuments.version })
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.documentId, sql.placeholder("documentId")),
        eq(issuedDocuments.organizationId, sql.placeholder("organizationId")),
        eq(issuedDocuments.documentType, sql.placeholder("type")),
      ),
    )
    .prepare(),
);

/** A frozen model of this version; undefined for one of another version (see issuedDocumentOf). */
function currentModel(row: FrozenRow): IssuedDocument | undefined {
  return row.version === ISSUED_DOCUMENT_VERSION ? (JSON.parse(row.model) as IssuedDocument) : undefined;
}

/**
 * Freezes a model and answers it as stored; when another request froze it first, theirs is the
 * one (one model per document).
 */
export async function freezeIssuedDocument(
  db: Db,
  organizationId: string,
  type: ArchivedDocumentType,
  documentId: string,
  model: IssuedDocument,
): Promise<IssuedDocument> {
  const stored = JSON.stringify(model);
  const inserted = await db
    .insert(issuedDocuments)
    .values({
      documentId,
      organizationId,
      documentType: type,
      version: ISSUED_DOCUMENT_VERSION,
      model: stored,
      createdAt: now().toISOString(),
    })
    .onConflictDoNothing()
    .returning({ documentId: issuedDocuments.documentId });
  // As a read of it answers (what JSON keeps of the model), so either renders the same bytes.
  if (inserted.length > 0) return JSON.parse(stored) as IssuedDocument;
  const row = await frozenRow(db, organizationId, type, documentId);
  const winner = row && currentModel(row);
  if (!winner) throw new Error(`issued document ${documentId} vanished`);
  return winner;
}

async function buildInvoice(db: Db, organization: Organization, id: string) {
  const { invoice, items } = await loadInvoice(db, organization.id, id);
  // A draft's buyer is the customer as it is now; an issued invoice has its snapshot.
  const customer = invoice.buyer ? undefined : await findCustomer(db, organization.id, invoice.customerId);
  return { model: issuedInvoice(invoice, items, organization, customer), issued: isIssued(invoice.status) };
}

async function buildCreditNote(db: Db, organization: Organization, id: string) {
  const { note, items } = await loadCreditNote(db, organization.id, id);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, note.invoiceId), eq(invoices.organizationId, organization.id)));
  if (!invoice) throw new Error(`credit note ${id} refers to a missing invoice`);
  const customer =
    (note.buyer ?? invoice.buyer) ? undefined : await findCustomer(db, organization.id, note.customerId);
  return { model: issuedCreditNote(note, items, invoice, organization, customer), issued: true };
}

/**
 * The model of an invoice or credit note: the frozen one when there is one; else built from the
 * rows, and frozen when the document is issued. Unknown ids: the loaders' 404. `freeze: false`
 * (the organization is moving to another database, whose copy must not change): the model is
 * built as it would be frozen, and nothing is written; the first read after the move freezes it.
 */
export async function issuedDocumentOf(
  db: Db,
  organization: Organization,
  type: ArchivedDocumentType,
  id: string,
  options: { freeze?: boolean } = {},
): Promise<IssuedDocument> {
  const row = await frozenRow(db, organization.id, type, id);
  const frozen = row && currentModel(row);
  if (frozen) return frozen;
  const built =
    type === "invoice"
      ? await buildInvoice(db, organization, id)
      : await buildCreditNote(db, organization, id);
  if (!built.issued) return built.model;
  const freeze = options.freeze ?? true;
  if (!row) return freeze ? freezeIssuedDocument(db, organization.id, type, id, built.model) : built.model;
  return refreeze(db, organization.id, id, row, built.model, freeze);
}

/**
 * A model frozen by an older version of the service: built again from the rows (which do not
 * change after issue), keeping what only the frozen model remembers (the notes as issued: they
 * may be edited afterwards; the logo tag the send froze), and stored in this version (unless
 * `store` is false).
 */
async function refreeze(
  db: Db,
  organizationId: string,
  documentId: string,
  row: FrozenRow,
  built: IssuedDocument,
  store: boolean,
): Promise<IssuedDocument> {
  let notes = built.notes;
  let logo: Pick<IssuedDocument, "logoTag"> = {};
  try {
    const old = JSON.parse(row.model) as { notes?: unknown; logoTag?: unknown };
    if (typeof old.notes === "string" || old.notes === null) notes = old.notes;
    if (typeof old.logoTag === "string" || old.logoTag === null) logo = { logoTag: old.logoTag };
  } catch {
    // Unreadable: the rows are the record.
  }
  const model: IssuedDocument = { ...built, notes, ...logo };
  if (!store) return model;
  await db
    .update(issuedDocuments)
    .set({ version: ISSUED_DOCUMENT_VERSION, model: JSON.stringify(model) })
    .where(
      and(
        eq(issuedDocuments.documentId, documentId),
        eq(issuedDocuments.organizationId, organizationId),
        eq(issuedDocuments.version, row.version),
      ),
    );
  return model;
}
