// How each archived kind of an invoice or credit note is produced: every kind from the
// document's issued-document model (frozen at issue), the Factur-X from the PDF's drawing around
// the CII archived with it (so its embedded XML is byte for byte the CII download).
import type { Db } from "../../db/client";
import type { ArchivedDocumentType, ArchiveKind } from "../../db/schema/archives";
import type { Organization } from "../../db/schema/identity";
import { utf8 } from "../../lib/encoding";
import { documentProfile, type EInvoiceFile, einvoiceFile } from "../einvoice";
import { type IssuedDocument, issuedDocumentOf } from "../issued-document";
import { findPrintableLogo, type PrintableLogo } from "../logo";
import { type DocumentPdfs, documentPdfs, type RenderedPdf } from "../pdf";

export interface RenderContext {
  db: Db;
  bucket: R2Bucket;
  organization: Organization;
  /**
   * False while the organization moves to another database: a read stores nothing (no model
   * frozen, no archive written; src/services/archive/index.ts), the first read after the move does.
   */
  archiveOnRead?: boolean;
}

export interface RenderedFile {
  bytes: Uint8Array<ArrayBuffer>;
  filename: string;
  contentType: string;
}

export const PDF_TYPE = "application/pdf";
export const XML_TYPE = "application/xml; charset=utf-8";

const pdfFile = (pdf: RenderedPdf): RenderedFile => ({
  bytes: new Uint8Array(pdf.bytes),
  filename: pdf.filename,
  contentType: PDF_TYPE,
});

const xmlFile = (file: EInvoiceFile): RenderedFile => ({
  bytes: utf8(file.xml),
  filename: file.filename,
  contentType: XML_TYPE,
});

/** A cache of promises by key (a Map or a WeakMap). */
interface PromiseCache<K, V> {
  get(key: K): Promise<V> | undefined;
  set(key: K, value: Promise<V>): unknown;
  delete(key: K): unknown;
}

/**
 * What `cache` holds for `key`, made by `make` the first time. A promise that fails is not kept
 * (the next caller asks again), nor one whose value `keep` refuses.
 */
function remembered<K, V>(
  cache: PromiseCache<K, V>,
  key: K,
  make: () => Promise<V>,
  keep: (value: V) => boolean = () => true,
): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    value.then(
      (made) => keep(made) || cache.delete(key),
      () => cache.delete(key),
    );
    cache.set(key, value);
  }
  return value;
}

/**
 * The document's model, read once per context: archiving at send renders four kinds of one
 * document and dates their retention, and each would otherwise read its frozen model again.
 */
const models = new WeakMap<RenderContext, Map<string, Promise<IssuedDocument>>>();

function modelsOf(context: RenderContext): Map<string, Promise<IssuedDocument>> {
  const known = models.get(context) ?? new Map<string, Promise<IssuedDocument>>();
  models.set(context, known);
  return known;
}

/** The model the caller has just frozen (as stored): the kinds render from it without reading it. */
export function frozenModel(
  context: RenderContext,
  type: ArchivedDocumentType,
  id: string,
  doc: IssuedDocument,
) {
  modelsOf(context).set(`${type}:${id}`, Promise.resolve(doc));
}

export function modelOf(
  context: RenderContext,
  type: ArchivedDocumentType,
  id: string,
): Promise<IssuedDocument> {
  return remembered(
    modelsOf(context),
    `${type}:${id}`,
    () =>
      issuedDocumentOf(context.db, context.organization, type, id, {
        freeze: context.archiveOnRead !== false,
      }),
    // A draft's is not kept: it is not frozen.
    (doc) => !doc.draft,
  );
}

/** The organization's printable logo, read once per context. */
const logos = new WeakMap<RenderContext, Promise<PrintableLogo | null>>();

const logoOf = (context: RenderContext) =>
  remembered(logos, context, () => findPrintableLogo(context.bucket, context.organization.id));

/**
 * The document's PDF drawing, made once per model: archiving at send stores the PDF and the
 * Factur-X, which is the same drawing made PDF/A-3 with the CII attached.
 */
const drawings = new WeakMap<IssuedDocument, Promise<DocumentPdfs>>();

const pdfsOf = (context: RenderContext, doc: IssuedDocument, id: string) =>
  remembered(drawings, doc, () => logoOf(context).then((logo) => documentPdfs(doc, id, logo)));

/**
 * Renders one kind of a document. `cii` hands over the CII the Factur-X embeds: the archived one
 * (at issue, the one rendered to be archived with it), so a document archived under earlier rules
 * keeps its Factur-X as well.
 */
export async function renderKind(
  context: RenderContext,
  type: ArchivedDocumentType,
  id: string,
  kind: ArchiveKind,
  cii: () => Promise<RenderedFile>,
): Promise<RenderedFile> {
  const doc = await modelOf(context, type, id);
  switch (kind) {
    case "pdf":
      return pdfFile((await pdfsOf(context, doc, id)).pdf);
    case "ubl":
    case "cii":
      // In the profile the document declares: XRechnung for a buyer who took it at send.
      return xmlFile(einvoiceFile(doc, kind, documentProfile(kind, doc.buyer)));
    case "facturx": {
      // The CII archived with it (archived now if it is not yet: a draft or a document the
      // CII cannot describe is refused there, before anything is archived). Factur-X has no
      // XRechnung profile: beside an archived XRechnung CII it embeds the EN 16931 CII of the
      // same model (the same figures, another header), checked the same way.
      const embedded =
        documentProfile("cii", doc.buyer) === "en16931"
          ? cii().then((file) => new TextDecoder().decode(file.bytes))
          : Promise.resolve().then(() => einvoiceFile(doc, "cii", "en16931").xml);
      const [xml, pdfs] = await Promise.all([embedded, pdfsOf(context, doc, id)]);
      const facturx = await pdfs.facturx(xml);
      // The drawing has given both its files: not held for the rest of the request.
      drawings.delete(doc);
      return pdfFile(facturx);
    }
  }
}
