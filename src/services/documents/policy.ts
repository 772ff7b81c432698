// The rules of the classification table: who may read, share, delete and audit a document, how
// long it lives, and whether it is encrypted. Pure functions over plain values.

import type { Classification, DocumentRow } from "../../db/schema/documents";
import type { Role } from "../../db/schema/identity";
import { ApiError } from "../../lib/errors";

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTION_DAYS: Record<Classification, number | null> = {
  public: null,
  internal: 365,
  confidential: 90,
  restricted: 30,
};

export const isEncryptedClass = (classification: Classification) => classification !== "public";

export interface Caller {
  id: string;
  email: string;
  role: Role;
  organizationId: string;
}

type AccessFields = Pick<DocumentRow, "ownerId" | "organizationId" | "classification">;

/**
 * public: any authenticated caller, of any organization; internal and confidential: members of
 * the owner's organization; restricted: the owner alone.
 */
export function canRead(caller: Caller, doc: AccessFields): boolean {
  switch (doc.classification) {
    case "public":
      return true;
    case "internal":
    case "confidential":
      return caller.organizationId === doc.organizationId;
    case "restricted":
      return caller.id === doc.ownerId;
  }
}

/**
 * A share link hands the file to anyone holding it, so it takes a member of the owner's
 * organization who may read the document; restricted documents are never shared.
 */
export function canShare(caller: Caller, doc: AccessFields): boolean {
  return (
    doc.classification !== "restricted" &&
    caller.organizationId === doc.organizationId &&
    canRead(caller, doc)
  );
}

/**
 * Who manages a document's share links (lists them, revokes any of them): the document's owner,
 * or an owner/admin of its organization who may read it. A link's creator may also revoke that
 * one link (see `revokeShare`).
 */
export function canManageShares(caller: Caller, doc: AccessFields): boolean {
  if (caller.id === doc.ownerId) return true;
  return (
    caller.organizationId === doc.organizationId &&
    (caller.role === "owner" || caller.role === "admin") &&
    canRead(caller, doc)
  );
}

export const canDelete = (caller: Caller, doc: AccessFields) => caller.id === doc.ownerId;

/** The owner, or an owner/admin of the document's organization. */
export function canReadAuditLog(caller: Caller, doc: AccessFields): boolean {
  if (caller.id === doc.ownerId) return true;
  return caller.organizationId === doc.organizationId && (caller.role === "owner" || caller.role === "admin");
}

/** The earlier of the requested expiry and createdAt + the classification's retention. */
export function effectiveExpiry(
  classification: Classification,
  createdAt: Date,
  requested: Date | null,
): Date | null {
  const days = RETENTION_DAYS[classification];
  const retention = days === null ? null : new Date(createdAt.getTime() + days * DAY_MS);
  if (!requested) return retention;
  if (!retention) return requested;
  return requested < retention ? requested : retention;
}

export function isExpired(doc: Pick<DocumentRow, "status" | "expiresAt">, at: Date): boolean {
  return doc.status === "expired" || (doc.expiresAt !== null && at.getTime() >= Date.parse(doc.expiresAt));
}

/** Resolves the document for a caller: 404 when absent or deleted, 403 without access, 410 once expired. */
export function assertReadable(
  doc: DocumentRow | undefined,
  caller: Caller,
  at: Date,
): asserts doc is DocumentRow {
  if (!doc || doc.status === "deleted") throw new ApiError("not_found", "Document not found");
  if (!canRead(caller, doc)) throw new ApiError("access_denied", "You may not access this document");
  if (isExpired(doc, at)) throw new ApiError("expired", "The document has expired");
}

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The instant of an ISO 8601 timestamp with a zone, or null. Every field must name a real
 * calendar date and time: `2025-02-30`, `T24:00`, `:60` seconds or a `+25:00` zone would be
 * rolled over by Date, so the fields are rebuilt from the parsed date and must come back equal.
 */
function parseTimestamp(text: string): Date | null {
  const m = ISO_8601.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(m[6] ?? 0);
  if (Number(m[7] ?? 0) > 23 || Number(m[8] ?? 0) > 59) return null; // zone offset
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second);
  const roundTrips =
    local.getUTCFullYear() === year &&
    local.getUTCMonth() === month - 1 &&
    local.getUTCDate() === day &&
    local.getUTCHours() === hour &&
    local.getUTCMinutes() === minute &&
    local.getUTCSeconds() === second;
  if (!roundTrips) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** `Expires-At`: an ISO 8601 timestamp with a zone, in the future; otherwise 400 invalid_request. */
export function parseExpiresAt(value: string | undefined, at: Date): Date | null {
  if (value === undefined || value.trim() === "") return null;
  const parsed = parseTimestamp(value.trim());
  if (!parsed) {
    throw new ApiError("invalid_request", "Expires-At must be an ISO 8601 timestamp with a time zone", {
      details: { "Expires-At": "Invalid timestamp" },
    });
  }
  if (parsed.getTime() <= at.getTime()) {
    throw new ApiError("invalid_request", "Expires-At must be in the future", {
      details: { "Expires-At": "Must be in the future" },
    });
  }
  return parsed;
}
