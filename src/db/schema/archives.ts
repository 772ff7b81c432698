// The documents of an invoice or credit note as they were sent: the PDF and e-invoice XML
// rendered once at issue and kept encrypted in R2 (`archives/{organization}/{id}`), so a sent
// document never changes when the template, the library or the organization's profile does.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizations } from "./identity";

export const ARCHIVE_KINDS = ["pdf", "ubl", "cii", "facturx"] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];
export const ARCHIVED_DOCUMENT_TYPES = ["invoice", "credit_note"] as const;
export type ArchivedDocumentType = (typeof ARCHIVED_DOCUMENT_TYPES)[number];

export const invoiceArchives = sqliteTable(
  "invoice_archives",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    documentType: text("document_type", { enum: ARCHIVED_DOCUMENT_TYPES }).notNull(),
    /** The invoice's or the credit note's id. */
    documentId: text("document_id").notNull(),
    kind: text("kind", { enum: ARCHIVE_KINDS }).notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    storageKey: text("storage_key").notNull(),
    /** SHA-256 (hex) of the plaintext, checked again on every read. */
    sha256: text("sha256").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storedSize: integer("stored_size").notNull(),
    /** The envelope, as for documents: a data key wrapped by the organization's key. */
    wrappedKey: text("wrapped_key").notNull(),
    keyVersion: text("key_version").notNull(),
    noncePrefix: text("nonce_prefix").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    /** Set by the sweep once the blob is gone after expiry; the row stays so it is never re-rendered. */
    purgedAt: text("purged_at"),
  },
  (t) => [
    uniqueIndex("invoice_archives_document_kind_unique").on(t.documentId, t.kind),
    index("invoice_archives_expires_idx").on(t.expiresAt),
  ],
);

export type InvoiceArchive = typeof invoiceArchives.$inferSelect;

/**
 * The issued-document model (src/document/model.ts) of an invoice or credit
 * note, frozen at issue: the page, the e-mails and any archive rendered later read this, never
 * the rows again, so every output states the document as issued. It holds what the invoice's
 * rows hold (they are kept as long), so it lives as long as they do.
 */
export const issuedDocuments = sqliteTable("issued_documents", {
  /** The invoice's or the credit note's id: one model per document. */
  documentId: text("document_id").primaryKey(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id),
  documentType: text("document_type", { enum: ARCHIVED_DOCUMENT_TYPES }).notNull(),
  /** ISSUED_DOCUMENT_VERSION when it was frozen. */
  version: integer("version").notNull(),
  /** The model as JSON. */
  model: text("model").notNull(),
  createdAt: text("created_at").notNull(),
});
