// Request body caps, in one place: the body-limit middleware refuses an announced oversized body
// early; the upload and logo services count the bytes of the bodies they stream themselves.
const MiB = 2 ** 20;

/** A JSON request body: 1 MiB. */
export const MAX_JSON_BODY_BYTES = MiB;
/**
 * The body of a document that carries its lines (create or update an invoice, a quote, a recurring
 * template): 2 MiB, so 1,000 lines of 500-character descriptions fit in any script (about 1.2 MB
 * in Cyrillic or Greek, 1.7 MB in CJK), as their issued model fits D1's 2 MB per value.
 */
export const MAX_DOCUMENT_BODY_BYTES = 2 * MiB;

const DOCUMENT_BODY_PATH = /^\/v1\/(invoices|quotes|recurring-invoices)(\/[^/]+)?$/;

/** A request that creates or updates a document with its lines: capped at MAX_DOCUMENT_BODY_BYTES. */
export function isDocumentBody(method: string, path: string): boolean {
  return (method === "POST" || method === "PATCH") && DOCUMENT_BODY_PATH.test(path);
}
/** 50 MB of file (MB = 2^20 bytes): one byte more is 400 file_too_large. */
export const MAX_FILE_BYTES = 50 * MiB;
/** 55 MB of document upload request body: one byte more is 413 payload_too_large. */
export const MAX_BODY_BYTES = 55 * MiB;
/** The organization's logo: 512 KB. */
export const MAX_LOGO_BYTES = 512 * 1024;

/** A bank statement file (CAMT or MT940): 64 MiB, about 40,000 verbose CAMT entries. */
export const MAX_BANK_STATEMENT_BYTES = 64 * MiB;

/** A received e-invoice (XML, or a PDF carrying one): 20 MiB of file; one byte more is 413. */
export const MAX_BILL_BYTES = 20 * MiB;
/** Its request body: the file, and room for a multipart form's boundaries and headers. */
export const MAX_BILL_BODY_BYTES = MAX_BILL_BYTES + 64 * 1024;

/** Paths whose body is streamed by the handler, never read whole, with their caps. */
export const STREAMED_PATHS: ReadonlyMap<string, number> = new Map([
  ["/v1/documents/upload", MAX_BODY_BYTES],
  ["/v1/organization/logo", MAX_LOGO_BYTES],
  ["/v1/bank-statements", MAX_BANK_STATEMENT_BYTES],
  ["/v1/bills", MAX_BILL_BODY_BYTES],
]);

export function isStreamedBody(path: string): boolean {
  return STREAMED_PATHS.has(path);
}
