// The three document shapes of the interface (upload, metadata, list item) and the audit entry.
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
