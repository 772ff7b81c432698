// The invoice as sent: the PDF and XML rendered once at send (credit notes: at issue), stored
// encrypted in R2 with a row in invoice_archives, and served from there by every later read.
import { env } from "cloudflare:workers";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOURLY, runScheduled } from "../../src/cron";
import { setClockForTests } from "../../src/lib/clock";
import { putLogo } from "../../src/services/logo";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, get, post, send, standardRate } from "./billing/helpers";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

interface ArchiveRow {
  id: string;
  organization_id: string;
  document_type: string;
  document_id: string;
  kind: string;
  storage_key: string;
  sha256: string;
  size_bytes: number;
  created_at: string;
  expires_at: string;
  purged_at: string | null;
}

async function archiveRows(documentId: string): Promise<ArchiveRow[]> {
  return selectOnEveryTenant<ArchiveRow>(
    "SELECT * FROM invoice_archives WHERE document_id = ? ORDER BY kind",
    documentId,
  );
}

/** An organization whose invoices can be e-invoices, and a sent one. */
async function sentReadyInvoice(org?: TestOrg) {
  const { owner, created } = await readyDraft(org);
  const sent = await send(owner, created.id);
  expect(sent.einvoice).toEqual({
    ready: true,
    missing: [],
    syntaxes: { ubl: { ready: true, missing: [] }, cii: { ready: true, missing: [] } },
  });
  return { org: owner, invoice: sent };
}

/** An organization whose invoices can be e-invoices, and a draft of one. */
async function readyDraft(org?: TestOrg) {
  const owner = org ?? (await createOrg({ currency: "EUR" }));
  expect((await api("PATCH", "/v1/organization", { token: owner.owner.key, body: SELLER })).status).toBe(200);
  const rate = await standardRate(owner, 19);
  const customer = await createCustomer(owner, {
    buyer_reference: "REF-1",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  const created = await draft(owner, {
    currency: "EUR",
    customer_id: customer.id,
    items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
  });
  return { owner, created };
}

/** Deletes a document's archives (of `kind`, or all), rows and blobs, as if they had never been made. */
async function loseArchives(org: TestOrg, documentId: string, kind?: string) {
  const d1 = await d1Of(org.organizationId);
  for (const row of await archiveRows(documentId)) {
    if (kind && row.kind !== kind) continue;
    await env.DOCUMENTS.delete(row.storage_key);
    await d1.prepare("DELETE FROM invoice_archives WHERE id = ?").bind(row.id).run();
  }
}

const bytesOf = async (org: TestOrg, path: string) => {
  const res = await get(org, path);
  expect(res.status, String(res.body).slice(0, 300)).toBe(200);
  return new Uint8Array(await res.raw.arrayBuffer());
};

const startsWith = (bytes: Uint8Array, text: string) =>
  new TextDecoder("latin1").decode(bytes.subarray(0, text.length)) === text;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("archiving at send", () => {
  it("stores the PDF, Factur-X, UBL and CII encrypted in R2 with a row each, kept 10 years", async () => {
    const { invoice } = await sentReadyInvoice();
    const rows = await archiveRows(invoice.id);
    expect(rows.map((row) => [row.kind, row.document_type])).toEqual([
      ["cii", "invoice"],
      ["facturx", "invoice"],
      ["pdf", "invoice"],
      ["ubl", "invoice"],
    ]);
    for (const row of rows) {
      // Ten years from the issue date (00:00 UTC), whenever the archive was written.
      const expiry = new Date(`${invoice.issue_date}T00:00:00.000Z`);
      expiry.setUTCFullYear(expiry.getUTCFullYear() + 10);
      expect(row.expires_at).toBe(expiry.toISOString());
      expect(row.storage_key).toBe(`archives/${row.organization_id}/${row.id}`);
      const object = await env.DOCUMENTS.get(row.storage_key);
      expect(object).not.toBeNull();
      expect(object?.customMetadata).toMatchObject({
        classification: "restricted",
        format: "aes256gcm-segmented-v1",
      });
      const stored = new Uint8Array(await object!.arrayBuffer());
      // Ciphertext: neither the PDF's nor the XML's first bytes, and longer by the GCM tag.
      expect(startsWith(stored, "%PDF")).toBe(false);
      expect(startsWith(stored, "<?xml")).toBe(false);
      expect(stored.byteLength).toBe(row.size_bytes + 16);
    }
  });

  it("archives the CII without the UBL for a buyer known by e-mail alone (no Peppol endpoint)", async () => {
    const org = await createOrg({ currency: "EUR" });
    expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
    const rate = await standardRate(org, 19);
    const customer = await createCustomer(org, { buyer_reference: "REF-1" });
    const created = await draft(org, {
      customer_id: customer.id,
      items: [{ description: "Beratung", quantity: 2, unit_price: 100, tax_rate_id: rate.id }],
    });
    const sent = await send(org, created.id);
    expect(sent.einvoice.syntaxes).toMatchObject({ ubl: { ready: false }, cii: { ready: true } });
    expect((await archiveRows(sent.id)).map((row) => row.kind)).toEqual(["cii", "facturx", "pdf"]);
  });

  it("serves the archived bytes: a new profile and logo leave the PDF and the XML byte-identical", async () => {
    const { org, invoice } = await sentReadyInvoice();
    const paths = [
      `/v1/invoices/${invoice.id}/pdf`,
      `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`,
      `/v1/invoices/${invoice.id}/einvoice?syntax=cii`,
    ];
    const before = await Promise.all(paths.map((path) => bytesOf(org, path)));
    expect(startsWith(before[0]!, "%PDF")).toBe(true);
    const pdfRow = (await archiveRows(invoice.id)).find((row) => row.kind === "pdf")!;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", before[0]!));
    expect([...digest].map((b) => b.toString(16).padStart(2, "0")).join("")).toBe(pdfRow.sha256);

    const changed = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { legal_name: "Renamed AG", invoice_footer: "A new footer", locale: "de" },
    });
    expect(changed.status).toBe(200);
    const logo = await api("PUT", "/v1/organization/logo", {
      token: org.owner.key,
      rawBody: PNG,
      headers: { "Content-Type": "image/png" },
    });
    expect(logo.status).toBe(200);

    const after = await Promise.all(paths.map((path) => bytesOf(org, path)));
    expect(after).toEqual(before);
    // The hosted page's downloads serve the same archived bytes.
    const token = new URL(invoice.hosted_url).pathname.split("/").at(-1);
    const hostedPdf = await api("GET", `/i/${token}/pdf`);
    expect(new Uint8Array(await hostedPdf.raw.arrayBuffer())).toEqual(before[0]);
    const hostedXml = await api("GET", `/i/${token}/xml?syntax=cii`);
    expect(new Uint8Array(await hostedXml.raw.arrayBuffer())).toEqual(before[2]);
    expect(await archiveRows(invoice.id)).toHaveLength(4);
  });

  it("keeps the document as sent when the invoice is paid or voided", async () => {
    const { org, invoice } = await sentReadyInvoice();
    const sentPdf = await bytesOf(org, `/v1/invoices/${invoice.id}/pdf`);
    expect((await post(org, `/v1/invoices/${invoice.id}/pay`)).status).toBe(200);
    expect(await bytesOf(org, `/v1/invoices/${invoice.id}/pdf`)).toEqual(sentPdf);

    const other = await sentReadyInvoice(org);
    const otherPdf = await bytesOf(org, `/v1/invoices/${other.invoice.id}/pdf`);
    const voided = await post(org, `/v1/invoices/${other.invoice.id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await bytesOf(org, `/v1/invoices/${other.invoice.id}/pdf`)).toEqual(otherPdf);
    // The void's credit note is issued, so its documents are archived too.
    const notes = await get(org, `/v1/invoices/${other.invoice.id}/credit-notes`);
    const [note] = notes.body.data;
    expect((await archiveRows(note.id)).map((row) => [row.kind, row.document_type])).toEqual([
      ["cii", "credit_note"],
      ["facturx", "credit_note"],
      ["pdf", "credit_note"],
      ["ubl", "credit_note"],
    ]);
  });

  it("renders a draft on the fly, marked DRAFT, and archives nothing", async () => {
    const org = await createOrg();
    const created = await draft(org, { items: [{ description: "Work", quantity: 1, unit_price: 10 }] });
    const pdf = await bytesOf(org, `/v1/invoices/${created.id}/pdf`);
    expect(startsWith(pdf, "%PDF")).toBe(true);
    expect(await archiveRows(created.id)).toEqual([]);
  });

  it("sends even when archiving fails, and archives on the first read instead", async () => {
    const org = await createOrg();
    const created = await draft(org, { items: [{ description: "Work", quantity: 1, unit_price: 10 }] });
    const put = env.DOCUMENTS.put.bind(env.DOCUMENTS);
    vi.spyOn(env.DOCUMENTS, "put").mockImplementation(async (key, ...rest) => {
      if (key.startsWith("archives/")) throw new Error("R2 is down");
      return put(key, ...rest);
    });
    const sent = await post(org, `/v1/invoices/${created.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe("sent");
    expect(await archiveRows(created.id)).toEqual([]);

    vi.restoreAllMocks();
    const first = await bytesOf(org, `/v1/invoices/${created.id}/pdf`);
    expect((await archiveRows(created.id)).map((row) => row.kind)).toEqual(["pdf"]);
    expect(await bytesOf(org, `/v1/invoices/${created.id}/pdf`)).toEqual(first);
  });

  it("archives kind by kind when storing them together fails: no blob left over, the e-mail attaches the PDF", async () => {
    const { owner: org, created } = await readyDraft();
    const put = env.DOCUMENTS.put.bind(env.DOCUMENTS);
    const keys: string[] = [];
    vi.spyOn(env.DOCUMENTS, "put").mockImplementation(async (key, ...rest) => {
      if (key.startsWith("archives/") && keys.push(key) === 2) throw new Error("R2 is down");
      return put(key, ...rest);
    });
    const sent = await post(org, `/v1/invoices/${created.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    vi.restoreAllMocks();
    // Four blobs together (one failed), then each kind alone.
    expect(keys).toHaveLength(8);
    const rows = await archiveRows(created.id);
    expect(rows.map((row) => row.kind)).toEqual(["cii", "facturx", "pdf", "ubl"]);
    const blobs = await env.DOCUMENTS.list({ prefix: `archives/${org.organizationId}/` });
    expect(blobs.objects.map((o) => o.key).sort()).toEqual(rows.map((row) => row.storage_key).sort());
    const emails = await get(org, `/v1/invoices/${created.id}/emails`);
    expect(emails.body.data).toMatchObject([{ attachment: "pdf" }]);
  });

  it("archives an invoice sent before archiving existed on its first read", async () => {
    const { org, invoice } = await sentReadyInvoice();
    await loseArchives(org, invoice.id);
    const ubl = await bytesOf(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`);
    expect((await archiveRows(invoice.id)).map((row) => row.kind)).toEqual(["ubl"]);
    expect(await bytesOf(org, `/v1/invoices/${invoice.id}/einvoice?syntax=ubl`)).toEqual(ubl);
  });

  it("renders a Factur-X alone (its archive lost) byte for byte as the one drawn with its PDF at send", async () => {
    const { org, invoice } = await sentReadyInvoice();
    const path = `/v1/invoices/${invoice.id}/pdf?format=facturx`;
    const atSend = await bytesOf(org, path);
    await loseArchives(org, invoice.id, "facturx");
    const alone = await bytesOf(org, path);
    expect((await archiveRows(invoice.id)).filter((r) => r.kind === "facturx")).toHaveLength(1);
    expect(alone).toEqual(atSend);
    // The PDF was drawn once for both: the Factur-X carries the CII beside the same pages.
    expect(startsWith(atSend, "%PDF-")).toBe(true);
    expect(atSend.length).toBeGreaterThan((await bytesOf(org, `/v1/invoices/${invoice.id}/pdf`)).length);
  });

  it("prints a CMYK logo on the PDF and leaves it off the Factur-X (PDF/A is sRGB), drawn again the same way", async () => {
    const org = await createOrg({ currency: "EUR" });
    // Stored as an upload of a CMYK JPEG is: its bytes go into the PDF undecoded.
    const jpeg = new TextEncoder().encode("cmyk jpeg data");
    await putLogo(env.DOCUMENTS, org.organizationId, {
      contentType: "image/jpeg",
      image: jpeg,
      printable: { kind: "jpeg", width: 4, height: 2, components: 4, bytes: jpeg },
      rgbInImage: null,
    });
    const { invoice } = await sentReadyInvoice(org);
    const images = async (bytes: Uint8Array) => {
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      return doc.context
        .enumerateIndirectObjects()
        .map(([, object]) => object)
        .filter(
          (object) =>
            object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
        )
        .map((object) => String((object as PDFRawStream).dict.get(PDFName.of("ColorSpace"))));
    };
    expect(await images(await bytesOf(org, `/v1/invoices/${invoice.id}/pdf`))).toEqual(["/DeviceCMYK"]);
    const path = `/v1/invoices/${invoice.id}/pdf?format=facturx`;
    const atSend = await bytesOf(org, path);
    expect(await images(atSend)).toEqual([]);

    await loseArchives(org, invoice.id, "facturx");
    expect(await bytesOf(org, path)).toEqual(atSend);
  });

  it("answers the errors it answered before: 409 for a draft e-invoice, 404 for another organization", async () => {
    const { org, invoice } = await sentReadyInvoice();
    const other = await createOrg();
    expectError(await get(other, `/v1/invoices/${invoice.id}/pdf`), 404, "not_found");
    expectError(await get(other, `/v1/invoices/${invoice.id}/einvoice`), 404, "not_found");
    const created = await draft(org, { items: [{ description: "Work", quantity: 1, unit_price: 10 }] });
    expectError(await get(org, `/v1/invoices/${created.id}/einvoice`), 409, "conflict");
  });
});

describe("credit notes", () => {
  it("archives a credit note's PDF and XML at issue and serves them unchanged after", async () => {
    const { org, invoice } = await sentReadyInvoice();
    const created = await post(org, "/v1/credit-notes", {
      invoice_id: invoice.id,
      reason: "Discount",
      amount: 10,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect((await archiveRows(id)).map((row) => row.kind)).toEqual(["cii", "facturx", "pdf", "ubl"]);
    const pdf = await bytesOf(org, `/v1/credit-notes/${id}/pdf`);
    const cii = await bytesOf(org, `/v1/credit-notes/${id}/einvoice?syntax=cii`);
    await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { locale: "fr", invoice_footer: "Neu" },
    });
    expect(await bytesOf(org, `/v1/credit-notes/${id}/pdf`)).toEqual(pdf);
    expect(await bytesOf(org, `/v1/credit-notes/${id}/einvoice?syntax=cii`)).toEqual(cii);
  });
});

describe("retention", () => {
  it("outlives the document sweeps; after 10 years the blob is deleted and reads answer 410", async () => {
    const { org, invoice } = await sentReadyInvoice();
    const [row] = (await archiveRows(invoice.id)).filter((r) => r.kind === "pdf");
    const sentAt = new Date(row!.created_at);
    // Past every document retention (a restricted document lives 30 days, internal 365).
    setClockForTests(() => new Date(sentAt.getTime() + 2 * 365 * 86_400_000));
    await runScheduled({ cron: HOURLY }, env);
    expect(await env.DOCUMENTS.head(row!.storage_key)).not.toBeNull();
    expect((await get(org, `/v1/invoices/${invoice.id}/pdf`)).status).toBe(200);

    setClockForTests(() => new Date(new Date(row!.expires_at).getTime() + 1000));
    await runScheduled({ cron: HOURLY }, env);
    expect(await env.DOCUMENTS.head(row!.storage_key)).toBeNull();
    const [purged] = (await archiveRows(invoice.id)).filter((r) => r.kind === "pdf");
    expect(purged?.purged_at).not.toBeNull();
    expectError(await get(org, `/v1/invoices/${invoice.id}/pdf`), 410, "expired");
  });
});
