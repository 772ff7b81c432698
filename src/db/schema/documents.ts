// Documents (metadata, envelope-encryption parameters, lifecycle), their hash-chained audit
// entries and share links. Rows are never deleted: a deleted or expired document stays as a
// tombstone so its audit log survives it.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { organizations, users } from "./identity";

export const CLASSIFICATIONS = ["public", "internal", "confidential", "restricted"] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];
export const DOCUMENT_STATUSES = ["stored", "deleted", "expired"] as const;
/** The interface's actions, plus `share_revoke` (one share link revoked; the entry carries its id). */
export const AUDIT_ACTIONS = [
  "upload",
  "download",
  "delete",
  "view",
  "share",
  "expire",
  "share_revoke",
  // The stored blob failed authentication while it was read (see services/documents/download.ts).
  "integrity_failed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    /** Sanitized name: no path components, no control characters. */
    filename: text("filename").notNull(),
    /** The name exactly as uploaded (only ever sent in headers encoded). */
    originalName: text("original_name").notNull(),
    documentType: text("document_type").notNull(),
    classification: text("classification", { enum: CLASSIFICATIONS }).notNull(),
    mimeType: text("mime_type").notNull(),
    /** Plaintext size in bytes. */
    sizeBytes: integer("size_bytes").notNull(),
    isEncrypted: integer("is_encrypted", { mode: "boolean" }).notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    /** Effective expiry: the earlier of Expires-At and createdAt + retention; null = never. */
    expiresAt: text("expires_at"),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("stored"),
    /** R2 key of the blob. */
    storageKey: text("storage_key").notNull(),
    /** Bytes stored in R2 (ciphertext with tags when encrypted). */
    storedSize: integer("stored_size").notNull(),
    /** Plaintext bytes per segment (65536); null when not encrypted. */
    segmentSize: integer("segment_size"),
    /** base64 of the 7-byte per-document nonce prefix; null when not encrypted. */
    noncePrefix: text("nonce_prefix"),
    /** base64 of the AES-KW-wrapped data key; null when not encrypted or once shredded. */
    wrappedKey: text("wrapped_key"),
    /** Master key version that wrapped the data key (e.g. "v1"). */
    keyVersion: text("key_version"),
    /** Number of audit entries and the hash of the last one (the chain's anchor). */
    auditSeq: integer("audit_seq").notNull().default(0),
    auditHead: text("audit_head"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    deletedAt: text("deleted_at"),
    expiredAt: text("expired_at"),
    /** When the blob was removed from R2 after delete/expiry; null while it may still exist. */
    purgedAt: text("purged_at"),
  },
  (t) => [
    index("documents_organization_created_idx").on(t.organizationId, t.status, t.createdAt, t.id),
    // An entity's attachments (?entityId=, GET /v1/invoices/{id}/documents), newest first.
    index("documents_organization_entity_idx").on(t.organizationId, t.entityId, t.status, t.createdAt, t.id),
    index("documents_status_expires_idx").on(t.status, t.expiresAt),
    index("documents_key_version_idx").on(t.keyVersion, t.id),
  ],
);

export const documentAuditEntries = sqliteTable(
  "document_audit_entries",
  {
    id: text("id").primaryKey(),
    // No foreign-key action: entries must outlive anything that happens to the document row.
    documentId: text("document_id").notNull(),
    organizationId: text("organization_id").notNull(),
    /** 1, 2, 3, ... per document; UNIQUE so two writers can never chain to the same entry. */
    seq: integer("seq").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    /** null for system actions (retention expiry). */
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Set when the access came through a share link. */
    shareId: text("share_id"),
    createdAt: text("created_at").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [uniqueIndex("document_audit_entries_document_seq_unique").on(t.documentId, t.seq)],
);

export const documentShares = sqliteTable(
  "document_shares",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    organizationId: text("organization_id").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id),
    /** SHA-256 (hex) of the token; the token itself is shown once. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    maxDownloads: integer("max_downloads"),
    downloadCount: integer("download_count").notNull().default(0),
    revokedAt: text("revoked_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("document_shares_token_hash_unique").on(t.tokenHash),
    index("document_shares_document_idx").on(t.documentId),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;
export type AuditEntryRow = typeof documentAuditEntries.$inferSelect;
export type DocumentShareRow = typeof documentShares.$inferSelect;
