// The invoice as sent: at send (invoices) and at issue (credit notes) the PDF, and the UBL and
// CII XML when the e-invoice can be produced, are rendered once and archived encrypted in R2;
// every later read serves those bytes. Drafts render on the fly (marked DRAFT), never archived.
import { and, eq } from "drizzle-orm";
import type { MasterKeySet } from "../../crypto/document-keys";
import { preparedRowsWhere } from "../../db/prepared";
import { type ArchivedDocumentType, type ArchiveKind, invoiceArchives } from "../../db/schema/archives";
import { creditNotes } from "../../db/schema/billing";
import { type CustomerEInvoiceProfile, customers } from "../../db/schema/customers";
import { invoices } from "../../db/schema/invoices";
import { now } from "../../lib/clock";
import { utf8 } from "../../lib/encoding";
import { ApiError } from "../../lib/errors";
import { downloadFilename } from "../../lib/http-files";
import { prefixedId } from "../../lib/ids";
import { logError } from "../../lib/log";
import {
  documentProfile,
  type EInvoiceProfile,
  type EInvoiceSyntax,
  einvoiceFile,
  xmlResponse,
} from "../einvoice";
import { issuedDocumentOf } from "../issued-document";
import { isIssued } from "../lifecycle";
import { pdfResponse } from "../pdf";
import { modelOf, PDF_TYPE, type RenderContext, type RenderedFile, renderKind, XML_TYPE } from "./renderers";
import { openArchiveBlob, sealArchiveBlob } from "./store";

export { frozenModel, PDF_TYPE, type RenderedFile, XML_TYPE } from "./renderers";
export { purgeExpiredArchives, rewrapArchiveKeys } from "./store";

export interface ArchiveContext extends RenderContext {
  keys: MasterKeySet;
}

/** How long an archived invoice or credit note is kept: 10 years from its issue (see docs/pdf.md). */
export const ARCHIVE_RETENTION_YEARS = 10;

/**
 * What is archived when an invoice is sent: every legal output, the CII before the Factur-X that
 * embeds it.
 */
export const ISSUE_KINDS: readonly ArchiveKind[] = ["pdf", "ubl", "cii", "facturx"];

/** What is archived when a credit note is issued: the same kinds as an invoice's at send. */
export const CREDIT_NOTE_ISSUE_KINDS: readonly ArchiveKind[] = ISSUE_KINDS;

function archiveExpiry(createdAt: Date): Date {
  const expiry = new Date(createdAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + ARCHIVE_RETENTION_YEARS);
  return expiry;
}

/** A document's archive of one kind (every download and send reads it). */
const archiveRows = preparedRowsWhere(invoiceArchives, [
  "documentId",
  "kind",
  "organizationId",
  "documentType",
]);

/** The archive of a document of this type (an invoice's id asked as a credit note's finds nothing). */
async function findArchive(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  kind: ArchiveKind,
) {
  const [row] = await archiveRows(context.db, {
    documentId,
    kind,
    organizationId: context.organization.id,
    documentType: type,
  });
  return row;
}

async function openArchive(
  context: ArchiveContext,
  row: typeof invoiceArchives.$inferSelect,
): Promise<RenderedFile> {
  if (row.purgedAt || row.expiresAt <= now().toISOString()) {
    throw new ApiError("expired", "The archived document has passed its retention period");
  }
  const bytes = await openArchiveBlob(context.bucket, context.keys, row);
  // Rows archived before names were cleaned may hold a number prefix's path (`../../x/000001.xml`):
  // the name goes out clean, in a download and as an e-mail attachment.
  return { bytes, filename: downloadFilename(row.filename), contentType: row.contentType };
}

/**
 * Renders one kind, seals it and records it. When another request archived the same document
 * and kind first (the unique index), its copy wins and ours is dropped: one archive per kind.
 */
async function archiveKind(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  kind: ArchiveKind,
): Promise<RenderedFile> {
  const file = await render(context, type, documentId, kind);
  const [stored] = await storeArchives(context, type, documentId, new Map([[kind, file]]));
  return stored![1];
}

/**
 * Seals each rendered kind in R2 and records them all in one write (at send: four kinds, one
 * round trip). A kind another request archived first is answered from its archive, and our copy
 * deleted. When a blob or the write fails, nothing is kept: the blobs are deleted, the error thrown.
 */
async function storeArchives(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  files: ReadonlyMap<ArchiveKind, RenderedFile>,
): Promise<[ArchiveKind, RenderedFile][]> {
  const organizationId = context.organization.id;
  const createdAt = now();
  const expiresAt = archiveExpiry(await issuedOn(context, type, documentId, createdAt)).toISOString();
  const settled = await Promise.allSettled(
    [...files].map(async ([kind, file]) => {
      const id = prefixedId("arc");
      const blob = await sealArchiveBlob(context.bucket, context.keys, organizationId, id, file.bytes);
      return { kind, file, id, blob };
    }),
  );
  const sealed = settled.flatMap((result) => ("value" in result ? [result.value] : []));
  const dropBlobs = (of: typeof sealed) =>
    Promise.all(of.map(({ blob }) => context.bucket.delete(blob.storageKey).catch(() => {})));
  const failure = settled.find((result): result is PromiseRejectedResult => "reason" in result);
  if (failure) {
    await dropBlobs(sealed);
    throw failure.reason;
  }
  const { db } = context;
  let inserted: { id: string }[][];
  try {
    const inserts = sealed.map(({ kind, file, id, blob }) =>
      db
        .insert(invoiceArchives)
        .values({
          id,
          organizationId,
          documentType: type,
          documentId,
          kind,
          filename: file.filename,
          contentType: file.contentType,
          ...blob,
          createdAt: createdAt.toISOString(),
          expiresAt,
          purgedAt: null,
        })
        .onConflictDoNothing()
        .returning({ id: invoiceArchives.id }),
    );
    inserted = await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  } catch (error) {
    await dropBlobs(sealed);
    throw error;
  }
  const lost = sealed.filter((_, i) => inserted[i]!.length === 0);
  await dropBlobs(lost);
  return Promise.all(
    sealed.map(async ({ kind, file }, i): Promise<[ArchiveKind, RenderedFile]> => {
      if (inserted[i]!.length > 0) return [kind, file];
      const winner = await findArchive(context, type, documentId, kind);
      if (!winner) throw new Error(`archive of ${documentId} (${kind}) vanished`);
      return [kind, await openArchive(context, winner)];
    }),
  );
}

/**
 * When the document was issued (its issue date, 00:00 UTC): retention runs from there, also for
 * a document archived on a later first read. From the model the kind was rendered from (already
 * read: no query). Falls back to `fallback` when it has none.
 */
async function issuedOn(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  fallback: Date,
): Promise<Date> {
  const { issueDate } = await modelOf(context, type, documentId);
  return issueDate ? new Date(`${issueDate}T00:00:00.000Z`) : fallback;
}

/**
 * The CII of an issue's archiving pass: rendered, or refused as not producible (then a Factur-X
 * that would embed it is refused too).
 */
type IssuedCii = { file: RenderedFile } | { refused: unknown };

/**
 * Renders a kind; the Factur-X embeds the CII: `cii` when the caller has just rendered it (or
 * failed to) to archive with it (the same bytes as any archived copy: one frozen model), else
 * the archived CII (archived first when it is not yet).
 */
function render(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  kind: ArchiveKind,
  cii?: IssuedCii,
) {
  return renderKind(context, type, documentId, kind, () => {
    if (!cii) return archivedDocument(context, type, documentId, "cii");
    return "file" in cii ? Promise.resolve(cii.file) : Promise.reject(cii.refused);
  });
}

/** A 4xx ApiError from a renderer: the document has no such form (an e-invoice not ready). */
const notProducible = (error: unknown) =>
  error instanceof ApiError && (error.code === "validation_error" || error.code === "conflict");

/**
 * At issue: archives each kind that can be produced and answers what was archived. A kind that
 * cannot be produced (the e-invoice lacks a field) is skipped; a renderer or storage failure is
 * logged and never fails the send: that kind is rendered and archived on its first read instead.
 */
export async function archiveIssuedDocument(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  kinds: readonly ArchiveKind[],
): Promise<Map<ArchiveKind, RenderedFile>> {
  const rendered = new Map<ArchiveKind, RenderedFile>();
  let cii: IssuedCii | undefined;
  const failed = (kind: ArchiveKind, error: unknown) =>
    logError("invoice archive failed", {
      document_id: documentId,
      document_type: type,
      kind,
      error: error instanceof Error ? error.message : String(error),
    });
  for (const kind of kinds) {
    // Each kind on its own: the UBL (Peppol) asks for more than the CII and the Factur-X it feeds.
    try {
      // The Factur-X embeds the CII rendered just before it, as it is sealed: not read back. A
      // CII this pass found not producible is not looked for in the archive nor rendered again.
      const file = await render(context, type, documentId, kind, cii);
      rendered.set(kind, file);
      if (kind === "cii") cii = { file };
    } catch (error) {
      // Another failure (storage, a read) is not the document's: the Factur-X reads the CII anew.
      if (kind === "cii" && notProducible(error)) cii = { refused: error };
      // Expected, not an error: the invoice JSON says so in `einvoice.missing`.
      if (!notProducible(error)) failed(kind, error);
    }
  }
  if (rendered.size === 0) return new Map();
  try {
    return new Map(await storeArchives(context, type, documentId, rendered));
  } catch {
    // Kind by kind, so one that cannot be stored keeps none of the others from their archive
    // (nor the e-mail from its attachment).
    const archived = new Map<ArchiveKind, RenderedFile>();
    for (const [kind, file] of rendered) {
      try {
        const [stored] = await storeArchives(context, type, documentId, new Map([[kind, file]]));
        archived.set(kind, stored![1]);
      } catch (error) {
        failed(kind, error);
      }
    }
    return archived;
  }
}

/**
 * A document for download or attachment: the archived bytes when there are some; a draft
 * invoice rendered on the fly (never archived); an issued document without an archive (sent
 * before archiving existed, or its rendering at send failed) rendered and archived now.
 * Renderer errors pass through (404, 409 draft e-invoice, 422 e-invoice not ready).
 */
export async function archivedDocument(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  kind: ArchiveKind,
): Promise<RenderedFile> {
  const row = await findArchive(context, type, documentId, kind);
  if (row) return openArchive(context, row);
  if (type === "invoice") {
    const [invoice] = await context.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.id, documentId), eq(invoices.organizationId, context.organization.id)));
    // Unknown: the renderer answers the 404; a draft: rendered as it is now.
    if (!invoice || !isIssued(invoice.status)) return render(context, type, documentId, kind);
  }
  if (context.archiveOnRead === false) return render(context, type, documentId, kind);
  return archiveKind(context, type, documentId, kind);
}

/**
 * The bytes a Peppol delivery sends: the document's UBL in the profile it declares (Peppol BIS
 * Billing 3.0, or XRechnung for a buyer who took it at send: an XRechnung UBL goes over Peppol
 * too), whatever the customer's `einvoice_profile` for downloads. The archived UBL, what
 * GET .../einvoice?syntax=ubl&profile=<that profile> serves.
 */
export function peppolUbl(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
): Promise<RenderedFile> {
  return archivedDocument(context, type, documentId, "ubl");
}

/**
 * For a document's downloads: the customer's `einvoice_profile` now (null when none, or no
 * document), and the buyer as the document states it (its snapshot: the profile it was sent in).
 */
async function profilesOf(context: ArchiveContext, type: ArchivedDocumentType, documentId: string) {
  const table = type === "invoice" ? invoices : creditNotes;
  const [row] = await context.db
    .select({ preferred: customers.einvoiceProfile, buyer: table.buyer })
    .from(table)
    .innerJoin(customers, eq(customers.id, table.customerId))
    .where(and(eq(table.id, documentId), eq(table.organizationId, context.organization.id)));
  return { preferred: row?.preferred ?? null, buyer: row?.buyer ?? null };
}

/**
 * GET /einvoice in `syntax` and `profile`; without `profile`, the customer's `einvoice_profile`
 * where it fits the syntax (Peppol BIS is UBL only: a CII stays EN 16931), else the profile the
 * document was sent in. That profile's file is the archived one, byte for byte what the document
 * was sent with (`documentProfile`: XRechnung for a buyer who took it at send, else the syntax's
 * default); another is rendered from the frozen issued-document model on each request and never
 * archived, so it too is a pure function of the document as issued.
 */
export async function einvoiceDocument(
  context: ArchiveContext,
  type: ArchivedDocumentType,
  documentId: string,
  syntax: EInvoiceSyntax,
  requested: CustomerEInvoiceProfile | undefined,
): Promise<RenderedFile> {
  const { preferred, buyer } = await profilesOf(context, type, documentId);
  let profile = requested;
  if (profile === undefined) {
    profile = preferred === "peppol" && syntax === "cii" ? undefined : (preferred ?? undefined);
  }
  if (profile === undefined || profile === documentProfile(syntax, buyer)) {
    return archivedDocument(context, type, documentId, syntax);
  }
  const doc = await issuedDocumentOf(context.db, context.organization, type, documentId, {
    freeze: context.archiveOnRead !== false,
  });
  const file = einvoiceFile(doc, syntax, profile satisfies EInvoiceProfile);
  return { bytes: utf8(file.xml), filename: file.filename, contentType: XML_TYPE };
}

/** The download of an archived or rendered file: a PDF inline, XML as an attachment. */
export function archivedFileResponse(file: RenderedFile): Response {
  if (file.contentType === PDF_TYPE) return pdfResponse(file);
  return xmlResponse({ filename: file.filename, xml: new TextDecoder().decode(file.bytes) });
}
