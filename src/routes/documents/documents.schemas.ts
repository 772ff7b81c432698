// Request and response schemas of the document endpoints (camelCase, as the interface gives them).
import { z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS, CLASSIFICATIONS } from "../../db/schema/documents";
import { PageQuerySchema } from "../../lib/pagination";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "../../services/documents/audit";
import { ENTITY_ID_FORMS, normalizeEntityId } from "../../services/documents/entities";
import { DEFAULT_SHARE_SECONDS, MAX_SHARE_SECONDS } from "../../services/documents/shares";

const timestamp = z.string().openapi({ example: "2026-11-21T14:30:00.000Z", format: "date-time" });

const metadataFields = {
  id: z.uuid(),
  filename: z.string().openapi({ description: "Stored name: no path components or control characters" }),
  originalName: z.string().openapi({ description: "Name as uploaded" }),
  documentType: z.string().openapi({ example: "pdf" }),
  classification: z.enum(CLASSIFICATIONS),
  mimeType: z.string().openapi({ example: "application/pdf" }),
  sizeBytes: z.number().int(),
  isEncrypted: z.boolean(),
  entityType: z.string().nullable().openapi({ example: "invoice" }),
  entityId: z.string().nullable().openapi({ description: "A UUID or an id this API issued (inv_...)" }),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
};

export const DocumentMetadataSchema = z.object(metadataFields).openapi("DocumentMetadata");

const { id: _id, ...afterId } = metadataFields;
export const DocumentSchema = z
  .object({ id: metadataFields.id, ownerId: z.uuid(), ...afterId })
  .openapi("Document");

export const DocumentListItemSchema = z
  .object({
    id: metadataFields.id,
    filename: metadataFields.filename,
    originalName: metadataFields.originalName,
    classification: metadataFields.classification,
    mimeType: metadataFields.mimeType,
    sizeBytes: metadataFields.sizeBytes,
    isEncrypted: metadataFields.isEncrypted,
    createdAt: metadataFields.createdAt,
  })
  .openapi("DocumentListItem");

export const DocumentEnvelopeSchema = z.object({ success: z.literal(true), data: DocumentSchema });
export const DocumentMetadataEnvelopeSchema = z.object({
  success: z.literal(true),
  data: DocumentMetadataSchema,
});

export const DocumentListSchema = z
  .object({
    success: z.literal(true),
    data: z.array(DocumentListItemSchema),
    meta: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      pages: z.number().int(),
    }),
  })
  .openapi("DocumentList");

export const DocumentListQuerySchema = PageQuerySchema.extend({
  entityType: z
    .string()
    .max(64)
    .optional()
    .openapi({ param: { name: "entityType", in: "query" } }),
  // The same forms as the Entity-Id upload header, a UUID lowercased as it is stored.
  entityId: z
    .string()
    .transform((id, ctx) => {
      const normalized = normalizeEntityId(id);
      if (normalized !== undefined) return normalized;
      ctx.addIssue({ code: "custom", message: `Must be ${ENTITY_ID_FORMS}` });
      return z.NEVER;
    })
    .optional()
    .openapi({
      param: { name: "entityId", in: "query" },
      description: "A UUID (any letter case) or an id this API issued (inv_..., cus_..., prod_..., cn_...)",
    }),
  classification: z
    .enum(CLASSIFICATIONS)
    .optional()
    .openapi({ param: { name: "classification", in: "query" } }),
});

export const InvoiceDocumentsQuerySchema = PageQuerySchema.extend({
  classification: DocumentListQuerySchema.shape.classification,
});

export const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.enum(AUDIT_ACTIONS),
    actorId: z.uuid().nullable().openapi({ description: "null for system actions (expire)" }),
    actorEmail: z.string().nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: timestamp,
    shareId: z
      .uuid()
      .nullable()
      .openapi({ description: "The share link used, for downloads through one (actor = its creator)" }),
  })
  .openapi("DocumentAuditEntry");

export const AuditLogSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      fileId: z.uuid(),
      fileName: z.string().nullable().openapi({
        description:
          "The stored name; null for a caller who may not read the document (an admin, restricted)",
      }),
      entries: z.array(AuditEntrySchema),
      nextCursor: z.number().int().nullable().openapi({
        description: "Pass as `after` for the next page; null when this page holds the newest entry",
      }),
      verified: z
        .boolean()
        .optional()
        .openapi({
          description:
            "With ?verify=true: this page checks out (hashes, numbering, the link to the entry " +
            "before it and, where the page reaches it, the document's anchor)",
        }),
    }),
  })
  .openapi("DocumentAuditLog");

export const AuditLogQuerySchema = z.object({
  verify: z
    .enum(["true", "false"])
    .optional()
    .openapi({ param: { name: "verify", in: "query" }, description: "Verify the page's hash chain" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUDIT_PAGE_MAX)
    .default(AUDIT_PAGE_DEFAULT)
    .openapi({ param: { name: "limit", in: "query" }, example: AUDIT_PAGE_DEFAULT }),
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(0)
    .openapi({
      param: { name: "after", in: "query" },
      description: "Cursor: the `nextCursor` of the previous page (entries after it); default 0",
    }),
});

export const DeletedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .openapi("DocumentDeleted");

export const CreateShareSchema = z
  .strictObject({
    expiresIn: z
      .number()
      .int()
      .min(1)
      .max(MAX_SHARE_SECONDS)
      .default(DEFAULT_SHARE_SECONDS)
      .openapi({ description: "Seconds until the link expires (default 86400, max 604800)" }),
    maxDownloads: z.number().int().min(1).max(1_000_000).nullable().optional(),
  })
  .openapi("CreateShare");

export const ShareSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.uuid().openapi({ description: "The link's id: list and revoke it by this" }),
      token: z.string().openapi({ description: "Shown once; only its hash is stored" }),
      url: z.url(),
      expiresAt: timestamp,
    }),
  })
  .openapi("DocumentShare");

export const ShareSummarySchema = z
  .object({
    id: z.uuid(),
    expiresAt: timestamp,
    maxDownloads: z.number().int().nullable(),
    downloads: z.number().int().openapi({ description: "Downloads taken so far" }),
    createdAt: timestamp,
  })
  .openapi("DocumentShareSummary");

export const ShareListSchema = z
  .object({ success: z.literal(true), data: z.array(ShareSummarySchema) })
  .openapi("DocumentShareList");

export const ShareRevokedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .openapi("DocumentShareRevoked");

export const RewrapSchema = z
  .strictObject({ limit: z.number().int().min(1).max(10_000).optional() })
  .openapi("RewrapDocumentKeys");

export const RewrapResultSchema = z
  .object({
    version: z.string(),
    rewrapped: z.number().int(),
    failed: z.number().int(),
    remaining: z.number().int(),
  })
  .openapi("RewrapResult");

export const FileIdParam = z.object({
  fileId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "fileId", in: "path" }, description: "Document id (UUID)" }),
});

export const ShareIdParam = FileIdParam.extend({
  shareId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "shareId", in: "path" }, description: "Share link id (from create or list)" }),
});

export const TokenParam = z.object({
  token: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: "token", in: "path" }, description: "Share token" }),
});

export const UploadHeadersSchema = z.object({
  "Classification-Level": z
    .enum(CLASSIFICATIONS)
    .openapi({ description: "Decides encryption, retention, access" }),
  "Entity-Type": z.string().max(64).optional().openapi({ example: "invoice" }),
  "Entity-Id": z
    .string()
    .optional()
    .openapi({
      description:
        "A UUID, or an id this API issued (inv_..., cus_..., prod_..., cn_..., pay_..., txr_...), which must " +
        "name a record of your organization (422 otherwise)",
    }),
  "Expires-At": z
    .string()
    .optional()
    .openapi({ description: "ISO 8601; the earlier of this and the retention applies" }),
  "Document-Type": z.string().max(64).optional().openapi({ description: "Default: the file extension" }),
});
