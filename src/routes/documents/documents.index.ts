// Handlers of the document endpoints. Static paths (upload, download/, shared/) are registered
// before the /{fileId}/... patterns so an id can never shadow them.
import type { Context } from "hono";
import { organizationByKey } from "../../db/directory";
import { dbForKnown, organizationMoving } from "../../db/route";
import { CLASSIFICATIONS, type Classification, type DocumentRow } from "../../db/schema/documents";
import { now } from "../../lib/clock";
import type { AppEnv } from "../../lib/create-router";
import { createRouter } from "../../lib/create-router";
import { ApiError } from "../../lib/errors";
import {
  type ByteRange,
  contentDisposition,
  parseRange,
  RangeNotSatisfiableError,
} from "../../lib/http-files";
import { documentPageResult } from "../../lib/pagination";
import { callerIsMoving, requireUser } from "../../middleware/auth";
import { markContentDigest, markSecretFields } from "../../middleware/idempotency";
import { type PublicServices, publicServicesOf, servicesOf } from "../../middleware/services";
import type { AuditActor } from "../../services/documents/audit";
import { listAuditPage, verifyAuditPage } from "../../services/documents/audit";
import { type DownloadOptions, type OpenedDocument, openDocument } from "../../services/documents/download";
import {
  checkEntityId,
  ENTITY_ID_FORMS,
  findInvoiceOf,
  normalizeEntityId,
} from "../../services/documents/entities";
import {
  deleteDocument,
  findDocument,
  listDocuments,
  recordAccess,
  recordIntegrityFailure,
  rewrapDocumentKeys,
} from "../../services/documents/lifecycle";
import {
  assertReadable,
  type Caller,
  canRead,
  canReadAuditLog,
  parseExpiresAt,
} from "../../services/documents/policy";
import {
  auditEntry,
  documentListItem,
  documentMetadata,
  documentUploaded,
} from "../../services/documents/serialize";
import {
  assertDownloadsLeft,
  createShare,
  findShare,
  listShares,
  organizationOfDocument,
  organizationOfShareToken,
  redeemShare,
  revokeShare,
  shareTokenKey,
} from "../../services/documents/shares";
import { uploadDocument } from "../../services/documents/upload";
import { enforceHourlyBudget } from "../../services/rate-limits";
import { rewrapAllShards } from "../../services/rewrap";
import * as routes from "./documents.routes";

const LABEL = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

function callerOf(c: Context<AppEnv>): Caller {
  const { user } = servicesOf(c);
  return { id: user.id, email: user.email, role: user.role, organizationId: user.organizationId };
}

/** Where the request came from, for the audit log. */
function requestOrigin(c: Context<AppEnv>): Pick<AuditActor, "ipAddress" | "userAgent"> {
  const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
  return {
    ipAddress: c.req.header("CF-Connecting-IP") ?? (forwarded || "unknown"),
    userAgent: c.req.header("User-Agent")?.slice(0, 512) ?? null,
  };
}

const actorOf = (c: Context<AppEnv>, caller: Caller): AuditActor => ({
  actorId: caller.id,
  actorEmail: caller.email,
  ...requestOrigin(c),
});

function optionalLabel(c: Context<AppEnv>, header: string): string | null {
  const value = c.req.header(header)?.trim();
  if (!value) return null;
  if (!LABEL.test(value)) {
    throw new ApiError("invalid_request", `${header} must be 1 to 64 letters, digits, '_', '.', ':' or '-'`, {
      details: { [header]: "Invalid value" },
    });
  }
  return value;
}

function uploadHeaders(c: Context<AppEnv>) {
  const classification = c.req.header("Classification-Level")?.trim().toLowerCase();
  if (!classification || !(CLASSIFICATIONS as readonly string[]).includes(classification)) {
    throw new ApiError(
      "invalid_classification",
      `Classification-Level must be one of ${CLASSIFICATIONS.join(", ")}`,
    );
  }
  const rawEntityId = c.req.header("Entity-Id")?.trim() || null;
  const entityId = rawEntityId === null ? null : normalizeEntityId(rawEntityId);
  if (entityId === undefined) {
    throw new ApiError("invalid_request", `Entity-Id must be ${ENTITY_ID_FORMS}`, {
      details: { "Entity-Id": "Not a UUID or an id this API issued" },
    });
  }
  return {
    classification: classification as Classification,
    entityType: optionalLabel(c, "Entity-Type"),
    entityId,
    documentType: optionalLabel(c, "Document-Type"),
    requestedExpiry: parseExpiresAt(c.req.header("Expires-At"), now()),
  };
}

/** The file response: headers exactly as the interface lists them, plus range and sniffing guards. */
function fileHeaders(doc: DocumentRow, length: number, range: ByteRange | null): Headers {
  const headers = new Headers({
    "Content-Type": doc.mimeType,
    "Content-Disposition": contentDisposition(doc.originalName),
    "Content-Length": String(length),
    "Cache-Control": "private, no-store",
    "X-Document-Classification": doc.classification,
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
  });
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${doc.sizeBytes}`);
  return headers;
}

function fileResponse(doc: DocumentRow, opened: OpenedDocument): Response {
  return new Response(opened.body, {
    status: opened.range ? 206 : 200,
    headers: fileHeaders(doc, opened.length, opened.range),
  });
}

/**
 * HEAD (Hono runs GET handlers for it): the headers of a whole-file GET, no body. It reads no
 * blob, writes no audit entry, spends no hourly budget and claims no share download. Range is
 * ignored, as RFC 9110 defines it for GET only.
 */
const isHead = (c: Context<AppEnv>) => c.req.method === "HEAD";
const headResponse = (doc: DocumentRow) =>
  new Response(null, { status: 200, headers: fileHeaders(doc, doc.sizeBytes, null) });

/** Drops an opened body that will not be sent. */
async function discard(opened: OpenedDocument): Promise<void> {
  if (opened.body instanceof ReadableStream) await opened.body.cancel().catch(() => {});
}

/**
 * A blob that fails authentication, before the answer or in the middle of its stream: an
 * `integrity_failed` entry and event. Also handed to waitUntil, so a response already under way
 * (or a client gone) does not cut the write short.
 */
function onIntegrityFailure(
  c: Context<AppEnv>,
  { db, dispatch }: PublicServices,
  documentId: string,
  actor: AuditActor,
): DownloadOptions {
  return {
    onIntegrityFailure: () => {
      const write = recordIntegrityFailure(db, documentId, actor).then((recorded) => {
        if (recorded) dispatch([recorded.eventId]);
      });
      c.executionCtx.waitUntil(write.catch(() => {}));
      return write;
    },
  };
}

function requestedRange(c: Context<AppEnv>, doc: DocumentRow) {
  try {
    return parseRange(c.req.header("Range"), doc.sizeBytes);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    throw new ApiError("range_not_satisfiable", "The requested range lies outside the file", {
      headers: { "Content-Range": `bytes */${doc.sizeBytes}` },
    });
  }
}

/**
 * The services for a document by id: the database that holds it is the caller's organization's,
 * or, for a document of another organization (a public one is open to every member of any), the
 * one the directory names; the access rules then decide as for any document.
 */
async function documentServicesOf(
  c: Context<AppEnv>,
  fileId: string,
  options: { write?: boolean } = {},
): Promise<PublicServices> {
  const services = servicesOf(c);
  // `write`: the read records an access in the owner's audit trail, which waits while the owner
  // moves to another database (503 organization_moving), as every other write does.
  const own = () => {
    if (options.write && callerIsMoving(c)) throw organizationMoving();
    return services;
  };
  // The caller's own documents (nearly every request) are on its database: no directory for them.
  // Another organization's (a public document) is read where the directory routes that one, even
  // when its rows are on this database too: they may be a moving organization's.
  if ((await organizationOfDocument(services.db, fileId)) === services.organizationId) return own();
  const owner = await organizationByKey(c.env, "document", fileId, (db) =>
    organizationOfDocument(db, fileId),
  );
  if (!owner || owner === services.organizationId) return own();
  const db = await dbForKnown(c.env, owner, options);
  // Its events (an integrity failure, a deletion) are written to the owner's database: their first
  // attempt looks for them on every database, not only the caller's.
  return db ? { db, dispatch: publicServicesOf(c).dispatch } : services;
}

export const documentsRouter = createRouter();

documentsRouter.openAPIRegistry.registerPath(routes.uploadDoc);
documentsRouter.post("/v1/documents/upload", requireUser(), async function upload(c) {
  const { db, dispatch } = servicesOf(c);
  const caller = callerOf(c);
  await enforceHourlyBudget(c.env, caller.id, "document_upload");
  // An announced oversized body was already refused by jsonBodyLimit (middleware/body-limit.ts).
  const headers = uploadHeaders(c);
  // A record this API owns must be the caller's organization's (422); a UUID is taken as given.
  if (headers.entityId !== null) {
    const { impliedType } = await checkEntityId(db, caller.organizationId, headers.entityId);
    headers.entityType ??= impliedType;
  }
  const { document, eventId, contentDigest } = await uploadDocument(db, c.env, {
    ...headers,
    organizationId: caller.organizationId,
    ownerId: caller.id,
    contentType: c.req.header("Content-Type") ?? "",
    body: c.req.raw.body,
    actor: actorOf(c, caller),
  });
  markContentDigest(c, contentDigest);
  dispatch([eventId]);
  c.header("Location", `/v1/documents/${document.id}/metadata`);
  return c.json({ success: true as const, data: documentUploaded(document) }, 201);
});

documentsRouter
  .openapi(routes.download, async (c) => {
    const { fileId } = c.req.valid("param");
    const services = await documentServicesOf(c, fileId, { write: !isHead(c) });
    const { db } = services;
    const caller = callerOf(c);
    if (isHead(c)) {
      const doc = await findDocument(db, fileId);
      assertReadable(doc, caller, now());
      return headResponse(doc) as never;
    }
    await enforceHourlyBudget(c.env, caller.id, "document_download");
    const doc = await findDocument(db, fileId);
    assertReadable(doc, caller, now());
    const actor = actorOf(c, caller);
    const opened = await openDocument(
      c.env,
      doc,
      requestedRange(c, doc),
      onIntegrityFailure(c, services, doc.id, actor),
    );
    // Logged before the first byte goes out; re-checked, since a delete may have landed meanwhile.
    try {
      await recordAccess(db, doc.id, "download", actor, (d) => assertReadable(d, caller, now()));
    } catch (error) {
      await discard(opened);
      throw error;
    }
    return fileResponse(doc, opened) as never;
  })
  .openapi(routes.sharedDownload, async (c) => {
    // Public: the directory names the token's organization, whose database has the document.
    const { token } = c.req.valid("param");
    const key = await shareTokenKey(token);
    const organizationId =
      key &&
      (await organizationByKey(c.env, "document_share", key, (db) => organizationOfShareToken(db, key)));
    // Every GET of a link spends a download and records it: it waits while the organization moves.
    const shareDb = organizationId ? await dbForKnown(c.env, organizationId, { write: !isHead(c) }) : null;
    if (!shareDb) throw new ApiError("not_found", "Share link not found");
    const services = { ...publicServicesOf(c), db: shareDb };
    const { db } = services;
    const found = await findShare(db, token, now());
    const doc = found.document;
    // A spent link answers 410 to every method and every range, before the range is looked at.
    assertDownloadsLeft(found.share);
    if (isHead(c)) return headResponse(doc) as never;
    // Every GET that returns bytes, the whole file or any range, takes one download (redeemShare).
    const range = requestedRange(c, doc);
    // A link spends its creator's download budget.
    await enforceHourlyBudget(c.env, found.share.createdBy, "document_download");
    const actor = { actorId: found.share.createdBy, actorEmail: found.creatorEmail, ...requestOrigin(c) };
    const opened = await openDocument(
      c.env,
      doc,
      range,
      onIntegrityFailure(c, services, doc.id, { ...actor, shareId: found.share.id }),
    );
    try {
      await redeemShare(db, found, actor, now());
    } catch (error) {
      await discard(opened);
      throw error;
    }
    return fileResponse(doc, opened) as never;
  })
  .openapi(routes.list, async (c) => {
    const { db } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await listDocuments(db, callerOf(c), query, now());
    return c.json(documentPageResult(rows.map(documentListItem), total, query), 200);
  })
  .openapi(routes.invoiceDocuments, async (c) => {
    const { db } = servicesOf(c);
    const caller = callerOf(c);
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    // 404 for an invoice that is not the caller's organization's; then the documents list as is.
    await findInvoiceOf(db, caller.organizationId, id);
    const { rows, total } = await listDocuments(db, caller, { ...query, entityId: id }, now());
    return c.json(documentPageResult(rows.map(documentListItem), total, query), 200);
  })
  .openapi(routes.metadata, async (c) => {
    const { fileId } = c.req.valid("param");
    const { db } = await documentServicesOf(c, fileId, { write: true });
    const caller = callerOf(c);
    let viewed: DocumentRow | undefined;
    await recordAccess(db, fileId, "view", actorOf(c, caller), (doc) => {
      assertReadable(doc, caller, now());
      viewed = doc;
    });
    return c.json({ success: true as const, data: documentMetadata(viewed!) }, 200);
  })
  .openapi(routes.auditLog, async (c) => {
    const { fileId } = c.req.valid("param");
    const { db } = await documentServicesOf(c, fileId);
    const caller = callerOf(c);
    const { verify, limit, after } = c.req.valid("query");
    // Deleted and expired documents keep their log; only a document that never existed is 404.
    const doc = await findDocument(db, fileId);
    if (!doc) throw new ApiError("not_found", "Document not found");
    if (!canReadAuditLog(caller, doc)) {
      throw new ApiError(
        "access_denied",
        "Only the owner or an organization owner/admin may read the audit log",
      );
    }
    // The row (read first) is the chain's anchor; one bounded page of entries after `after`.
    const page = await listAuditPage(db, doc.id, { after, limit });
    // An org owner/admin may read the log of a restricted document, but not its name.
    const fileName = canRead(caller, doc) ? doc.filename : null;
    const verified = verify === "true" ? await verifyAuditPage(page, after, doc) : undefined;
    return c.json(
      {
        success: true as const,
        data: {
          fileId: doc.id,
          fileName,
          entries: page.entries.map(auditEntry),
          nextCursor: page.nextCursor,
          ...(verified === undefined ? {} : { verified }),
        },
      },
      200,
    );
  })
  .openapi(routes.remove, async (c) => {
    const { fileId } = c.req.valid("param");
    const { db, dispatch } = await documentServicesOf(c, fileId);
    const caller = callerOf(c);
    const { eventId } = await deleteDocument(db, c.env.DOCUMENTS, caller, fileId, actorOf(c, caller), now());
    dispatch([eventId]);
    return c.json({ success: true as const, message: "Document deleted" }, 200);
  })
  .openapi(routes.share, async (c) => {
    const { fileId } = c.req.valid("param");
    const { db } = await documentServicesOf(c, fileId);
    const caller = callerOf(c);
    const body = (c.req.valid("json") ?? {}) as { expiresIn?: number; maxDownloads?: number | null };
    const { id, token, expiresAt } = await createShare(
      db,
      caller,
      fileId,
      { expiresIn: body.expiresIn ?? 86_400, maxDownloads: body.maxDownloads ?? null },
      actorOf(c, caller),
      now(),
    );
    const url = new URL(`/v1/documents/shared/${token}`, c.req.url).toString();
    // The token is a bearer credential stored only as its hash: never kept for replay either.
    markSecretFields(c, "data.token", "data.url");
    return c.json({ success: true as const, data: { id, token, url, expiresAt } }, 201);
  })
  .openapi(routes.listShares, async (c) => {
    const { fileId } = c.req.valid("param");
    const { db } = await documentServicesOf(c, fileId);
    const shares = await listShares(db, callerOf(c), fileId, now());
    return c.json({ success: true as const, data: shares }, 200);
  })
  .openapi(routes.revokeShare, async (c) => {
    const { fileId, shareId } = c.req.valid("param");
    const { db } = await documentServicesOf(c, fileId);
    const caller = callerOf(c);
    await revokeShare(db, caller, fileId, shareId, actorOf(c, caller), now());
    return c.json({ success: true as const, message: "Share link revoked" }, 200);
  })
  .openapi(routes.rewrap, async (c) => {
    const body = (c.req.valid("json") ?? {}) as { limit?: number };
    const result = await rewrapAllShards(c.env, rewrapDocumentKeys, { limit: body.limit });
    return c.json(result, 200);
  });
