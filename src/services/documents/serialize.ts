// The three document shapes of the interface (upload, metadata, list item), the webhook event
// object and the audit entry.
import type { AuditEntryRow, DocumentRow } from "../../db/schema/documents";

export function documentMetadata(doc: DocumentRow) {
  return {
    id: doc.id,
    filename: doc.filename,
    originalName: doc.originalName,
    documentType: doc.documentType,
    classification: doc.classification,
    mimeType: doc.mimeType,
    sizeBytes: doc.sizeBytes,
    isEncrypted: doc.isEncrypted,
    entityType: doc.entityType,
    entityId: doc.entityId,
    expiresAt: doc.expiresAt,
    createdAt: doc.createdAt,
  };
}

/**
 * `data.object` of the document.* webhook events. Webhooks (and GET /v1/events) are org-wide,
 * while a restricted document is readable by its owner alone: its event keeps the ids, the
 * class, the size and the timestamps, and carries null for every name (filename, originalName,
 * documentType, mimeType, entityType), with `redacted: true`.
 */
export function documentEventObject(doc: DocumentRow) {
  const object = documentMetadata(doc);
  if (doc.classification !== "restricted") return { ...object, redacted: false };
  return {
    ...object,
    filename: null,
    originalName: null,
    documentType: null,
    mimeType: null,
    entityType: null,
    redacted: true,
  };
}

/** The upload answer: every field, ownerId included. */
export function documentUploaded(doc: DocumentRow) {
  const { id, ...rest } = documentMetadata(doc);
  return { id, ownerId: doc.ownerId, ...rest };
}

export function documentListItem(doc: DocumentRow) {
  return {
    id: doc.id,
    filename: doc.filename,
    originalName: doc.originalName,
    classification: doc.classification,
    mimeType: doc.mimeType,
    sizeBytes: doc.sizeBytes,
    isEncrypted: doc.isEncrypted,
    createdAt: doc.createdAt,
  };
}

export function auditEntry(entry: AuditEntryRow) {
  return {
    id: entry.id,
    action: entry.action,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    ipAddress: entry.ipAddress,
    userAgent: entry.userAgent,
    createdAt: entry.createdAt,
    shareId: entry.shareId,
  };
}
