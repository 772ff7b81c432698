// Draws an invoice or credit note (its issued-document model) onto pages: header with logo, title and
// dates; seller and buyer; the lines table (header repeated on every page); VAT breakdown and
// totals; payment instructions with the EPC QR code; notes. Returns the PDF bytes, and the
// Factur-X made from the same drawing.
import {
  type PDFContext,
  PDFDocument,
  PDFImage,
  type PDFRawStream,
  type PDFRef,
  PngEmbedder,
  type RGB,
  rgb,
} from "pdf-lib";
import { addressLines } from "../../document/address";
import {
  documentTitle,
  factText,
  lineFacts,
  partyIdLines,
  payeeRows,
  receiptLines,
  referenceFacts,
  type SubLineRow,
  shownDueDate,
  subLineRows,
  taxRepresentativeLines,
} from "../../document/facts";
import { formatterFor } from "../../document/format";
import { documentLabels, type Labels } from "../../document/labels";
import type { IssuedDocument } from "../../document/model";
import { totalsRows } from "../../document/totals";
import type { PrintableLogo } from "../../document/types";
import { logWarn } from "../../lib/log";
import { useNativeFlate } from "./content";
import { embedFonts } from "./fonts";
import { MUTED, PageCursor, pageSizeFor, RULE, SHADE, wrapText } from "./layout";
import { makeFacturx } from "./pdfa";
import { epcQrOperators } from "./qr";

const CREATOR = "invoicing-api";
const PRODUCER = "invoicing-api (pdf-lib)";
const LOGO_BOX = { width: 160, height: 60 };
const LEADING = 12;
/** The leading of a sub-line's smaller text. */
const SUB_LEADING = 10;

/** `#RRGGBB` (the model's brand color) as pdf-lib's DeviceRGB. */
function rgbOf(hex: string): RGB {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const STREAM = ascii("\nstream\n");
const ENDSTREAM = ascii("\nendstream");

/**
 * A stream written with one block copy: pdf-lib copies stream contents byte by byte on save
 * (about 1.5 ms of CPU for a 500 KB logo, a tenth of a 1-line invoice), this in microseconds.
 */
function blockCopied(stream: PDFRawStream): PDFRawStream {
  stream.copyBytesInto = (buffer: Uint8Array, offset: number) => {
    stream.updateDict();
    let at = offset + stream.dict.copyBytesInto(buffer, offset);
    buffer.set(STREAM, at);
    at += STREAM.length;
    buffer.set(stream.contents, at);
    at += stream.contents.length;
    buffer.set(ENDSTREAM, at);
    return at + ENDSTREAM.length - offset;
  };
  return stream;
}

const JPEG_COLOR_SPACES: Record<number, string> = { 1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK" };

/**
 * An embedder for the normalized logo: its bytes go into the PDF as they are, never decoded. A
 * JPEG as DCT data (as pdf-lib's embedJpg would write it); a PNG as its ready-made Flate streams
 * of PNG-predicted rows (pdf-lib's embedPng would decode the PNG and deflate its colour and alpha
 * planes again on every render: ~40 ms for a large logo, bench/logo-cpu.mjs). PDFImage accepts
 * only pdf-lib's own embedder classes, hence a PngEmbedder with its own embedIntoContext.
 */
function preparedImageEmbedder(logo: PrintableLogo): PngEmbedder {
  const { width, height } = logo;
  const image = { Type: "XObject", Subtype: "Image", Width: width, Height: height, BitsPerComponent: 8 };
  const flate = (colorSpace: string, colors: number) => ({
    ...image,
    ColorSpace: colorSpace,
    Filter: "FlateDecode",
    DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: 8, Columns: width },
  });
  const xObjectOf = (context: PDFContext) => {
    if (logo.kind === "jpeg") {
      const colorSpace = JPEG_COLOR_SPACES[logo.components] ?? "DeviceRGB";
      // CMYK JPEGs (Adobe) store their samples inverted, as pdf-lib's embedJpg assumes too.
      const decode = colorSpace === "DeviceCMYK" ? { Decode: [1, 0, 1, 0, 1, 0, 1, 0] } : {};
      return context.stream(logo.bytes, { ...image, ColorSpace: colorSpace, Filter: "DCTDecode", ...decode });
    }
    const smask = logo.alpha
      ? context.register(blockCopied(context.stream(logo.alpha, flate("DeviceGray", 1))))
      : null;
    return context.stream(logo.rgb, { ...flate("DeviceRGB", 3), ...(smask ? { SMask: smask } : {}) });
  };
  const embedIntoContext = async (context: PDFContext, ref?: PDFRef): Promise<PDFRef> => {
    const xObject = blockCopied(xObjectOf(context));
    if (!ref) return context.register(xObject);
    context.assign(ref, xObject);
    return ref;
  };
  const embedder = Object.create(PngEmbedder.prototype) as PngEmbedder;
  return Object.assign(embedder, {
    width,
    height,
    bitsPerComponent: 8,
    colorSpace: "DeviceRGB",
    embedIntoContext,
  });
}

const isCmykJpeg = (logo: PrintableLogo | null) => logo?.kind === "jpeg" && logo.components === 4;

async function embedLogo(
  doc: PDFDocument,
  logo: PrintableLogo | null,
  pdfa: boolean,
): Promise<PDFImage | null> {
  if (!logo) return null;
  if (pdfa && isCmykJpeg(logo)) {
    // A CMYK JPEG cannot sit under the sRGB output intent of PDF/A: the Factur-X prints without it.
    logWarn("pdf_logo_cmyk_skipped", { reason: "PDF/A output intent is sRGB" });
    return null;
  }
  try {
    const image = PDFImage.of(doc.context.nextRef(), doc, preparedImageEmbedder(logo));
    await image.embed();
    return image;
  } catch (error) {
    // Never a 500 for a logo: the document prints without it.
    logWarn("pdf_logo_unreadable", { error: String(error) });
    return null;
  }
}

/** Factur-X: the CII XML to embed, and the issue instant that dates the file. */
export interface FacturxOptions {
  xml: string;
  date: Date;
}

/**
 * A document drawn once: its printable PDF, and the Factur-X made from the same drawing. Sending
 * archives both; drawing the pages (text layout, fonts, the QR code) is most of either's cost.
 */
export interface DrawnDocument {
  /** The printable PDF. */
  readonly pdf: Uint8Array;
  /** The Factur-X: the saved drawing made PDF/A-3b with the CII attached, saved again. */
  facturx(options: FacturxOptions): Promise<Uint8Array>;
}

/** The PDF alone (a bill's readable copy). */
export async function renderDocumentPdf(
  model: IssuedDocument,
  logo: PrintableLogo | null,
): Promise<Uint8Array> {
  return (await drawDocumentPdf(model, logo)).pdf;
}

/**
 * Draws the document and saves its PDF; the Factur-X is made from the drawing when asked for. A
 * Factur-X is always made this way, so one rendered alone is byte for byte one drawn with its PDF.
 */
export async function drawDocumentPdf(
  model: IssuedDocument,
  logo: PrintableLogo | null,
): Promise<DrawnDocument> {
  const drawing = await drawPages(model, logo, false);
  const pdf = await drawing.doc.save();
  let made: { options: FacturxOptions; bytes: Promise<Uint8Array> } | undefined;
  return {
    pdf,
    facturx(options) {
      // The drawing becomes PDF/A-3 with its CII attached: it makes one Factur-X.
      made ??= { options, bytes: facturxOf(model, logo, drawing, options) };
      if (made.options.xml !== options.xml || made.options.date.getTime() !== options.date.getTime()) {
        throw new Error("A drawing makes one Factur-X: draw the document again for another CII");
      }
      return made.bytes;
    },
  };
}

async function facturxOf(
  model: IssuedDocument,
  logo: PrintableLogo | null,
  drawing: Drawing,
  options: FacturxOptions,
): Promise<Uint8Array> {
  let source = drawing;
  // A CMYK JPEG logo is not allowed under PDF/A's sRGB output intent.
  if (isCmykJpeg(logo)) {
    // Drawn again without the logo, and saved once as the PDF was: the same steps, the same bytes.
    source = await drawPages(model, logo, true);
    await source.doc.save();
  }
  await makeFacturx(source.doc, {
    title: `${source.title} ${model.number}`,
    author: source.sellerName,
    subject: `${source.title} ${model.number} · ${model.buyer.name}`,
    creator: CREATOR,
    producer: PRODUCER,
    date: options.date,
    xml: options.xml,
  });
  return source.doc.save();
}

/** The pages drawn, not saved. */
interface Drawing {
  doc: PDFDocument;
  title: string;
  sellerName: string;
}

/** Every page of the document; `pdfa`: only what PDF/A-3b allows (a CMYK logo is left out). */
async function drawPages(model: IssuedDocument, logo: PrintableLogo | null, pdfa: boolean): Promise<Drawing> {
  const t = documentLabels(model.locale, model.seller.address?.country);
  const f = formatterFor(model.locale, model.currency);
  const doc = await PDFDocument.create();
  useNativeFlate(doc.context);
  const fonts = await embedFonts(doc);
  const title = documentTitle(model, t);
  const sellerName = model.seller.legal_name ?? model.seller.name;
  const titled = model.number ? `${title} ${model.number}` : title;
  doc.setTitle(model.number ? titled : `${title} (${t.draft})`);
  doc.setAuthor(sellerName);
  doc.setCreator(CREATOR);
  doc.setProducer(PRODUCER);
  // An issued document is dated by its issue date, so rendering it again gives the same bytes;
  // a draft keeps the time it was rendered (pdf-lib's default).
  if (model.issueDate) {
    const issued = new Date(`${model.issueDate}T00:00:00Z`);
    doc.setCreationDate(issued);
    doc.setModificationDate(issued);
  }
  const image = await embedLogo(doc, logo, pdfa);

  const page = new PageCursor(doc, fonts, pageSizeFor(model.seller.address?.country), {
    watermark: model.draft ? t.draft.toUpperCase() : null,
    runningHeader: `${sellerName} · ${titled} (${t.continued})`,
    footer: model.footer,
    pageLabel: t.page,
  });
  const bold = fonts.bold;
  // The seller's brand color: the title, the section headings and the rules under the totals.
  const accent = rgbOf(model.brandColor);

  // Header: logo top-left; title, DRAFT and the document's dates and references top-right.
  let leftBottom = page.top;
  if (image) {
    const scale = Math.min(LOGO_BOX.width / image.width, LOGO_BOX.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    page.image(image.ref, page.left, page.top - height, width, height);
    leftBottom = page.top - height - 16;
  }
  const metaLeft = page.right - 230;
  let y = page.top - 20;
  page.textRight(title, page.right, y, { font: bold, size: 22, color: accent });
  if (model.draft) {
    y -= 20;
    page.textRight(t.draft.toUpperCase(), page.right, y, { font: bold, size: 13, color: MUTED });
  }
  y -= 22;
  const meta: [string, string][] = model.number ? [[t.number, model.number]] : [];
  meta.push([t.issueDate, model.issueDate ? f.date(model.issueDate) : t.draft]);
  const dueDate = shownDueDate(model);
  if (dueDate) meta.push([t.dueDate, f.date(dueDate)]);
  for (const fact of referenceFacts(model, t)) meta.push([fact.label, factText(fact, f.date)]);
  for (const [label, value] of meta) {
    page.text(label, metaLeft, y, { size: 8.5, color: MUTED });
    for (const line of wrapText(value, fonts.regular, 9, 125)) {
      page.text(line, page.right - 125, y);
      y -= LEADING;
    }
  }

  // Seller and buyer, side by side.
  const columnWidth = (page.contentWidth - 20) / 2;
  const party = (x: number, top: number, heading: string, name: string, details: string[]) => {
    let py = top;
    page.text(heading.toUpperCase(), x, py, { font: bold, size: 7.5, color: accent });
    py -= LEADING + 1;
    for (const line of wrapText(name, bold, 10, columnWidth)) {
      page.text(line, x, py, { font: bold, size: 10 });
      py -= LEADING + 1;
    }
    for (const detail of details) {
      for (const line of wrapText(detail, fonts.regular, 9, columnWidth)) {
        page.text(line, x, py);
        py -= LEADING;
      }
    }
    return py;
  };
  const s = model.seller;
  const sellerDetails = [
    ...(s.trading_name && s.trading_name !== sellerName ? [s.trading_name] : []),
    ...addressLines(s.address, model.locale),
    ...(s.vat_id ? [`${t.vatId}: ${s.vat_id}`] : []),
    ...(s.tax_registration_id ? [`${t.taxRegistrationId}: ${s.tax_registration_id}`] : []),
    ...partyIdLines(
      { ...s, identifier: s.seller_identifier, additional_identifiers: s.additional_seller_identifiers },
      t,
    ),
    ...(s.email ? [s.email] : []),
    ...(s.phone ? [s.phone] : []),
    ...taxRepresentativeLines(s.tax_representative, t),
  ];
  const b = model.buyer;
  const buyerDetails = [
    ...addressLines(b.address, model.locale),
    ...(b.vat_id ? [`${t.vatId}: ${b.vat_id}`] : []),
    ...partyIdLines(b, t),
    ...(b.email ? [b.email] : []),
  ];
  const partiesTop = Math.min(leftBottom, y - 8, page.top - 110);
  const afterSeller = party(page.left, partiesTop, t.seller, sellerName, sellerDetails);
  const afterBuyer = party(page.left + columnWidth + 20, partiesTop, t.buyer, b.name, buyerDetails);
  page.y = Math.min(afterSeller, afterBuyer) - 14;

  drawReceipt(page, model, t, f);
  drawLines(page, model, t, f);
  drawTotals(page, model, t, f, accent);
  drawPayment(page, model, t, f, accent);
  if (model.notes) {
    page.ensure(LEADING * 3);
    page.text(t.notes, page.left, page.y - 9, { font: bold, size: 9.5, color: accent });
    page.y -= 9 + LEADING + 2;
    for (const line of wrapText(model.notes, fonts.regular, 9, page.contentWidth)) {
      page.ensure(LEADING);
      page.text(line, page.left, page.y - 9);
      page.y -= LEADING;
    }
  }
  page.finish();
  return { doc, title, sellerName };
}

type L = Labels;
type F = ReturnType<typeof formatterFor>;

/**
 * A grouped line's sub-lines under it (BG-DEX-01): smaller, muted, indented by depth; quantity,
 * price and amount in the line's columns, the discount and VAT columns left empty.
 */
function drawSubLines(
  page: PageCursor,
  rows: readonly SubLineRow[],
  descWidth: number,
  rightEdges: readonly number[],
  discountColumn: boolean,
) {
  const { regular } = page.fonts;
  const style = { size: 8, color: MUTED };
  for (const row of rows) {
    const indent = 10 * row.depth;
    const width = descWidth - 4 - indent;
    const text = [
      ...wrapText(row.description, regular, 8, width),
      ...row.facts.flatMap((fact) =>
        wrapText(`${fact.label}: ${factText(fact, (d) => d)}`, regular, 8, width),
      ),
    ];
    page.ensure(text.length * SUB_LEADING + 2);
    text.forEach((value, i) => {
      page.text(value, page.left + 4 + indent, page.y - 8 - i * SUB_LEADING, style);
    });
    const cells = [row.quantity, row.unitPrice, ...(discountColumn ? [""] : []), "", row.amount];
    cells.forEach((cell, i) => {
      if (cell) page.textRight(cell, rightEdges[i] ?? 0, page.y - 8, style);
    });
    page.y -= text.length * SUB_LEADING + 2;
  }
}

/** The lines table: description wraps; the header row is drawn again atop every new page. */
function drawLines(page: PageCursor, model: IssuedDocument, t: L, f: F) {
  const { bold, regular } = page.fonts;
  const quantities = model.lines.map((line) => f.quantityWithUnit(line.quantity, line.unitCode));
  // The quantity column widens for unit labels ("12,5 Std."), taking from the description.
  const quantityWidth = Math.min(
    96,
    Math.max(46, ...quantities.map((text) => regular.widthOfTextAtSize(text, 9) + 8)),
  );
  // Net and gross amounts sit in columns of their own; a credited line has no discount column.
  const creditNote = model.kind === "credit_note";
  const columns = { discount: !creditNote, gross: creditNote };
  const numeric = [
    { label: t.quantity, width: quantityWidth },
    { label: t.unitPrice, width: 74 },
    ...(columns.discount ? [{ label: t.discount, width: 62 }] : []),
    { label: t.vat, width: 46 },
    // The amount in the lines' price basis: with VAT when the prices include it.
    { label: model.pricesIncludeTax ? t.grossAmount : t.netAmount, width: columns.gross ? 72 : 82 },
    ...(columns.gross ? [{ label: t.grossAmount, width: 72 }] : []),
  ];
  const descWidth = page.contentWidth - numeric.reduce((sum, c) => sum + c.width, 0) - 8;
  const rightEdges: number[] = [];
  let edge = page.left + descWidth + 8;
  for (const column of numeric) {
    edge += column.width;
    rightEdges.push(edge - 4);
  }
  const header = () => {
    page.shade(page.left, page.y - 18, page.contentWidth, 18, SHADE);
    page.text(t.description, page.left + 4, page.y - 12.5, { font: bold, size: 8 });
    numeric.forEach((column, i) => {
      page.textRight(column.label, rightEdges[i] ?? 0, page.y - 12.5, { font: bold, size: 8 });
    });
    page.y -= 22;
  };
  page.ensure(22 + LEADING * 2);
  header();
  page.onNewPage = header;
  for (const [index, line] of model.lines.entries()) {
    const description = [
      ...wrapText(line.description, regular, 9, descWidth - 4),
      ...lineFacts(line, t, f).flatMap((fact) =>
        wrapText(`${fact.label}: ${factText(fact, f.date)}`, regular, 9, descWidth - 4),
      ),
    ];
    const cells = [
      quantities[index] ?? "",
      f.unitPrice(line),
      ...(columns.discount ? [line.discountMinor ? f.deduction(line.discountMinor) : ""] : []),
      line.percentScaled === null ? "—" : f.percent(line.percentScaled),
      f.money(line.amountMinor),
      ...(columns.gross ? [f.money(line.grossMinor)] : []),
    ];
    let first = true;
    let rest = description;
    while (rest.length > 0) {
      // As many description lines as fit; a description longer than a page continues on the next.
      const fit = Math.floor((page.y - page.bottom - 4) / LEADING);
      if (fit < 1 || (first && fit < Math.min(rest.length, 3))) {
        page.addPage();
        continue;
      }
      const chunk = rest.slice(0, fit);
      rest = rest.slice(fit);
      let ly = page.y - 9;
      for (const text of chunk) {
        page.text(text, page.left + 4, ly);
        ly -= LEADING;
      }
      if (first) {
        cells.forEach((cell, i) => {
          page.textRight(cell, rightEdges[i] ?? 0, page.y - 9);
        });
        first = false;
      }
      page.y -= chunk.length * LEADING + 4;
    }
    drawSubLines(page, subLineRows(line, t, f), descWidth, rightEdges, columns.discount);
    page.rule(page.y + 1.5);
  }
  page.onNewPage = null;
  page.y -= 10;
}

/** A bill's copy: how it was received and the verdict of the rules, in a shaded box above the lines. */
function drawReceipt(page: PageCursor, model: IssuedDocument, t: L, f: F) {
  const lines = receiptLines(model, t, f).flatMap((line) =>
    wrapText(line, page.fonts.regular, 8.5, page.contentWidth - 16),
  );
  if (lines.length === 0) return;
  const height = lines.length * LEADING + 10;
  page.ensure(height + 10);
  page.shade(page.left, page.y - height, page.contentWidth, height, SHADE);
  let y = page.y - 14;
  lines.forEach((line, i) => {
    page.text(line, page.left + 8, y, i === 0 ? { font: page.fonts.bold, size: 8.5 } : { size: 8.5 });
    y -= LEADING;
  });
  page.y -= height + 12;
}

/** VAT breakdown (left) and the totals (right), kept together on one page. */
function drawTotals(page: PageCursor, model: IssuedDocument, t: L, f: F, accent: RGB) {
  const { bold, regular } = page.fonts;
  const breakdown = model.breakdown;
  const rows = totalsRows(model, t, f);

  const breakdownWidth = page.contentWidth - 250;
  const cols = [breakdownWidth * 0.2, breakdownWidth * 0.2, breakdownWidth * 0.32, breakdownWidth * 0.28];
  const breakdownHeight = 30 + breakdown.length * LEADING;
  // A label longer than the room beside its value (a split payment's) wraps onto further lines.
  const labelX = page.right - 220;
  const labelLines = rows.map((row) => {
    const font = row.emphasis ? bold : regular;
    const size = row.emphasis ? 10 : 9;
    return wrapText(row.label, font, size, 220 - font.widthOfTextAtSize(row.amount, size) - 8);
  });
  const extraLines = labelLines.reduce((sum, lines) => sum + lines.length - 1, 0);
  const totalsHeight = rows.length * (LEADING + 3) + extraLines * LEADING + 10;
  page.ensure(Math.max(breakdownHeight, totalsHeight) + 6);

  // Breakdown.
  const top = page.y;
  let y = top - 9;
  page.text(t.vatBreakdown, page.left, y, { font: bold, size: 9.5, color: accent });
  y -= LEADING + 3;
  const heads = [t.category, t.rate, t.taxable, t.taxAmount];
  let x = page.left;
  heads.forEach((head, i) => {
    const w = cols[i] ?? 0;
    if (i < 2) page.text(head, x, y, { font: bold, size: 7.5, color: MUTED });
    else page.textRight(head, x + w, y, { font: bold, size: 7.5, color: MUTED });
    x += w;
  });
  page.rule(y - 4, page.left, page.left + breakdownWidth);
  y -= LEADING + 2;
  for (const entry of breakdown) {
    const cells = [
      entry.category ?? "—",
      f.percent(entry.percentScaled),
      f.money(entry.taxableMinor),
      f.money(entry.taxMinor),
    ];
    x = page.left;
    cells.forEach((cell, i) => {
      const w = cols[i] ?? 0;
      if (i < 2) page.text(cell, x, y);
      else page.textRight(cell, x + w, y);
      x += w;
    });
    y -= LEADING;
  }
  const breakdownBottom = y;

  // Totals.
  y = top - 9;
  rows.forEach((row, r) => {
    // The total and what the document asks: bold, under a rule in the brand color.
    const font = row.emphasis ? bold : regular;
    const size = row.emphasis ? 10 : 9;
    if (row.emphasis) {
      page.rule(y + LEADING - 2, labelX, page.right, 0.8, accent);
    }
    const [first = "", ...more] = labelLines[r] ?? [];
    page.text(first, labelX, y, { font, size });
    page.textRight(row.amount, page.right, y, { font, size });
    for (const line of more) {
      y -= LEADING;
      page.text(line, labelX, y, { font, size });
    }
    y -= LEADING + 3;
  });
  page.y = Math.min(breakdownBottom, y) - 14;

  // The categories' legal statements (reverse charge, exemptions), once each, across the page.
  for (const statement of model.statements) {
    for (const line of wrapText(statement, regular, 8.5, page.contentWidth)) {
      page.ensure(LEADING);
      page.text(line, page.left, page.y - 9, { size: 8.5 });
      page.y -= LEADING;
    }
  }
  if (model.statements.length) page.y -= 10;
}

/** Bank details, reference and terms; an EPC QR code for euro transfers to an IBAN. */
function drawPayment(page: PageCursor, model: IssuedDocument, t: L, f: F, accent: RGB) {
  const { bold, regular } = page.fonts;
  const payment = model.payment;
  if (!payment) return;
  const rows: [string, string][] = [];
  if (payment.iban) rows.push([t.iban, f.iban(payment.iban)]);
  if (payment.bic) rows.push([t.bic, payment.bic]);
  if (payment.iban && payment.accountName) rows.push([t.accountHolder, payment.accountName]);
  if (payment.iban && payment.reference) rows.push([t.paymentReference, payment.reference]);
  if (payment.terms) rows.push([t.paymentTerms, payment.terms]);
  else if (model.dueDate && model.totals.payableMinor > 0) rows.push([t.dueDate, f.date(model.dueDate)]);
  rows.push(...payeeRows(model, t));
  if (rows.length === 0) return;
  const payload = payment.epcPayload;
  const qrSize = 92;
  const valueWidth = page.contentWidth - 110 - (payload ? qrSize + 20 : 0);
  const wrapped = rows.map(([label, value]) => [label, wrapText(value, regular, 9, valueWidth)] as const);
  const height = Math.max(
    22 + wrapped.reduce((sum, [, lines]) => sum + lines.length * LEADING, 0),
    payload ? qrSize + 16 : 0,
  );
  page.ensure(height + 4);
  const top = page.y;
  page.rule(top, page.left, page.right, 0.5, RULE);
  let y = top - 14;
  page.text(t.payment, page.left, y, { font: bold, size: 9.5, color: accent });
  y -= LEADING + 3;
  for (const [label, lines] of wrapped) {
    page.text(label, page.left, y, { size: 8.5, color: MUTED });
    for (const line of lines) {
      page.text(line, page.left + 110, y);
      y -= LEADING;
    }
  }
  if (payload) {
    const qrLeft = page.right - qrSize;
    page.isolated(epcQrOperators(payload, qrLeft, top - 4, qrSize));
    const caption = t.scanToPay;
    const w = regular.widthOfTextAtSize(caption, 7.5);
    page.text(caption, qrLeft + (qrSize - w) / 2, top - qrSize - 10, { size: 7.5, color: MUTED });
  }
  page.y = top - height - 8;
}
