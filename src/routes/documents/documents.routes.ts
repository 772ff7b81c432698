// Route descriptions of the document endpoints. The upload is registered for the OpenAPI
// document only (its handler is mounted by hand): a zod multipart body would make the validator
// read the whole body with formData(), which the streaming upload must never do.
import { createRoute, z } from "@hono/zod-openapi";
import {
  bearerSecurity,
  commonErrors,
  errorResponse,
  IdParam,
  jsonBody,
  jsonResponse,
  misconfiguredError,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { adminRoute, memberRoute } from "../factories";
import {
  AuditLogQuerySchema,
  AuditLogSchema,
  CreateShareSchema,
  DeletedSchema,
  DocumentEnvelopeSchema,
  DocumentListQuerySchema,
  DocumentListSchema,
  DocumentMetadataEnvelopeSchema,
  FileIdParam,
  InvoiceDocumentsQuerySchema,
  RewrapResultSchema,
  RewrapSchema,
  ShareIdParam,
  ShareListSchema,
  ShareRevokedSchema,
  ShareSchema,
  TokenParam,
  UploadHeadersSchema,
} from "./documents.schemas";

const tags = ["Documents"];
const expiredError = { 410: errorResponse("The document (or share link) has expired") } as const;

const fileResponse = (description: string) => ({
  description,
  headers: {
    "Content-Type": { schema: { type: "string" as const }, description: "The original MIME type" },
    "Content-Disposition": {
      schema: { type: "string" as const },
      description: "attachment; filename=\"...\"; filename*=UTF-8''...",
    },
    "Content-Length": { schema: { type: "integer" as const } },
    "Cache-Control": { schema: { type: "string" as const, example: "private, no-store" } },
    "X-Document-Classification": { schema: { type: "string" as const } },
  },
  content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
});

const downloadResponses = {
  200: fileResponse("The file, decrypted if it was encrypted"),
  206: fileResponse("The requested byte range (Content-Range says which)"),
  416: errorResponse("The Range lies outside the file (Content-Range: bytes */size)"),
  ...commonErrors,
  ...notFoundError,
  ...expiredError,
} as const;

/** Documentation of POST /v1/documents/upload (see the file comment). */
export const uploadDoc = {
  method: "post" as const,
  path: "/v1/documents/upload",
  operationId: "uploadDocument",
  tags,
  summary: "Upload a file (streamed; encrypted unless public)",
  description:
    "multipart/form-data with one part named `file`. At most 50 MB (2^20 bytes each) of file " +
    "(400 file_too_large) and 55 MB of body (413 payload_too_large).",
  security: bearerSecurity,
  request: {
    headers: UploadHeadersSchema,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object" as const,
            properties: { file: { type: "string" as const, format: "binary" } },
            required: ["file"],
          },
        },
      },
    },
  },
  responses: {
    201: jsonResponse(DocumentEnvelopeSchema, "Stored"),
    ...commonErrors,
    413: errorResponse("The request body exceeds 55 MB"),
  },
};

export const download = memberRoute({
  method: "get",
  path: "/v1/documents/download/{fileId}",
  operationId: "downloadDocument",
  tags,
  summary: "Download a file (decrypted); Range gives 206; HEAD gives the headers only",
  request: { params: FileIdParam },
  responses: downloadResponses,
});

export const sharedDownload = createRoute({
  method: "get",
  path: "/v1/documents/shared/{token}",
  operationId: "downloadSharedDocument",
  tags,
  summary: "Download through a share link (no authentication)",
  security: [],
  request: { params: TokenParam },
  responses: { ...downloadResponses, ...misconfiguredError },
});

export const list = memberRoute({
  method: "get",
  path: "/v1/documents",
  operationId: "listDocuments",
  tags,
  summary: "List the organization's documents the caller may read",
  request: { query: DocumentListQuerySchema },
  responses: { 200: jsonResponse(DocumentListSchema, "A page of documents, newest first") },
});

export const invoiceDocuments = memberRoute({
  operationId: "listInvoiceDocuments",
  method: "get",
  path: "/v1/invoices/{id}/documents",
  tags,
  summary: "An invoice's attachments (documents uploaded with its id as Entity-Id) the caller may read",
  request: { params: IdParam("id", "Invoice id"), query: InvoiceDocumentsQuerySchema },
  responses: {
    200: jsonResponse(DocumentListSchema, "A page of documents, newest first"),
    ...notFoundError,
  },
});

export const metadata = memberRoute({
  method: "get",
  path: "/v1/documents/{fileId}/metadata",
  operationId: "getDocumentMetadata",
  tags,
  summary: "A document's metadata (records a view)",
  request: { params: FileIdParam },
  responses: {
    200: jsonResponse(DocumentMetadataEnvelopeSchema, "The metadata"),
    ...notFoundError,
    ...expiredError,
  },
});

export const auditLog = memberRoute({
  method: "get",
  path: "/v1/documents/{fileId}/audit-log",
  operationId: "getDocumentAuditLog",
  tags,
  summary: "A document's audit log (owner, or the organization's owner/admin); outlives the document",
  request: { params: FileIdParam, query: AuditLogQuerySchema },
  responses: {
    200: jsonResponse(AuditLogSchema, "A page of entries, oldest first (limit, after; nextCursor)"),
    ...notFoundError,
  },
});

export const remove = memberRoute({
  method: "delete",
  path: "/v1/documents/{fileId}",
  operationId: "deleteDocument",
  tags,
  summary: "Delete a document (owner only; irreversible: blob and key are destroyed)",
  request: { params: FileIdParam },
  responses: {
    200: jsonResponse(DeletedSchema, "Deleted"),
    ...notFoundError,
    ...expiredError,
  },
});

export const share = memberRoute({
  method: "post",
  path: "/v1/documents/{fileId}/share",
  operationId: "createShareLink",
  tags,
  summary: "Create a share link (not for restricted documents)",
  request: { params: FileIdParam, body: { ...jsonBody(CreateShareSchema), required: false } },
  responses: {
    201: jsonResponse(ShareSchema, "The link; the token is shown only here"),
    ...notFoundError,
    ...expiredError,
    ...validationErrorResponse,
  },
});

export const listShares = memberRoute({
  method: "get",
  path: "/v1/documents/{fileId}/shares",
  operationId: "listShareLinks",
  tags,
  summary: "A document's live share links, without tokens (owner, or the organization's owner/admin)",
  request: { params: FileIdParam },
  responses: {
    200: jsonResponse(
      ShareListSchema,
      "Links not revoked, not expired and not spent, newest first (at most 100)",
    ),
    ...notFoundError,
    ...expiredError,
  },
});

export const revokeShare = memberRoute({
  method: "delete",
  path: "/v1/documents/{fileId}/share/{shareId}",
  operationId: "revokeShareLink",
  tags,
  summary: "Revoke one share link (owner, the organization's owner/admin, or the link's creator)",
  request: { params: ShareIdParam },
  responses: {
    200: jsonResponse(ShareRevokedSchema, "Revoked: the link answers 404 from now on"),
    ...notFoundError,
    ...expiredError,
  },
});

export const rewrap = adminRoute({
  method: "post",
  path: "/v1/admin/documents/rewrap",
  operationId: "rewrapDocumentKeys",
  tags: ["Admin"],
  summary: "Rewrap document data keys under the current master key version (bounded per call)",
  request: { body: { ...jsonBody(RewrapSchema), required: false } },
  responses: {
    200: jsonResponse(RewrapResultSchema, "How many keys moved and how many remain"),
    ...validationErrorResponse,
  },
});
