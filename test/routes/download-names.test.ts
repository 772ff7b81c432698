// Download file names: every download, whatever the organization's number
// prefix holds, is offered under a name without path segments, as a quoted ASCII `filename` and
// an RFC 6266 `filename*` in UTF-8.
import { afterEach, describe, expect, it } from "vitest";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { mockEmailProvider, restoreEmailTransport } from "../helpers/email-provider";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, send, standardRate } from "./billing/helpers";

async function sentWithPrefix(prefix: string) {
  const org = await createOrg({ currency: "EUR" });
  const patched = await api("PATCH", "/v1/organization", {
    token: org.owner.key,
    body: { ...SELLER, number_prefix: prefix },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    buyer_reference: "REF-1",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  const created = await draft(org, {
    customer_id: customer.id,
    items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
  });
  const invoice = await send(org, created.id);
  return { org, invoice };
}

/** The e-mail provider's requests (the http transport), with the worker's outbound fetch mocked. */
function mailProvider() {
  const attachments: string[][] = [];
  mockEmailProvider(async (request) => {
    const body = (await request.clone().json()) as { attachments?: { filename: string }[] };
    attachments.push((body.attachments ?? []).map((file) => file.filename));
    return Response.json({ id: `msg_${attachments.length}` });
  });
  return attachments;
}

afterEach(restoreEmailTransport);

const download = (org: TestOrg | null, path: string) => api("GET", path, { token: org?.owner.key });

/** The header's two names: the quoted ASCII one and the decoded `filename*`. */
function names(header: string | null) {
  const match =
    /^(attachment|inline); filename="([\x20-\x21\x23-\x5b\x5d-\x7e]+)"; filename\*=UTF-8''([A-Za-z0-9%!#$&+\-.^_`|~]+)$/.exec(
      header ?? "",
    );
  expect(match, `Content-Disposition: ${header}`).not.toBeNull();
  return { type: match?.[1], ascii: match?.[2] ?? "", unicode: decodeURIComponent(match?.[3] ?? "") };
}

describe("download file names", () => {
  it("never offers a path: a number prefix of ../../x/ gives x_000001 on the XML, PDF, Factur-X and hosted downloads", async () => {
    const { org, invoice } = await sentWithPrefix("../../x/");
    expect(invoice.number).toBe("../../x/000001");
    const token = String(invoice.hosted_url).slice(String(invoice.hosted_url).lastIndexOf("/") + 1);
    const cases = [
      [org, `/v1/invoices/${invoice.id}/einvoice`, "attachment", "x_000001.xml"],
      [org, `/v1/invoices/${invoice.id}/einvoice?syntax=cii`, "attachment", "x_000001.xml"],
      [org, `/v1/invoices/${invoice.id}/pdf`, "inline", "x_000001.pdf"],
      [org, `/v1/invoices/${invoice.id}/pdf?format=facturx`, "inline", "x_000001.pdf"],
      [null, `/i/${token}/pdf`, "inline", "x_000001.pdf"],
      [null, `/i/${token}/xml`, "attachment", "x_000001.xml"],
    ] as const;
    for (const [who, path, type, expected] of cases) {
      const res = await download(who, path);
      expect(res.status, path).toBe(200);
      const header = res.headers.get("Content-Disposition");
      expect(names(header), path).toEqual({ type, ascii: expected, unicode: expected });
      expect(header).not.toContain("..");
    }
  });

  it("names credit-note downloads the same way: a plain ASCII name and its filename*", async () => {
    const { org, invoice } = await sentWithPrefix("./");
    expect(invoice.number).toBe("./000001");
    const pdf = await download(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(names(pdf.headers.get("Content-Disposition"))).toEqual({
      type: "inline",
      ascii: "000001.pdf",
      unicode: "000001.pdf",
    });
    const note = await api("POST", "/v1/credit-notes", {
      token: org.owner.key,
      body: { invoice_id: invoice.id, reason: "Refund", amount: 11.9 },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    for (const [path, type] of [
      [`/v1/credit-notes/${note.body.id}/einvoice`, "attachment"],
      [`/v1/credit-notes/${note.body.id}/pdf`, "inline"],
    ] as const) {
      const res = await download(org, path);
      expect(res.status, path).toBe(200);
      const got = names(res.headers.get("Content-Disposition"));
      expect(got.type).toBe(type);
      expect(got.ascii).toBe(got.unicode);
      expect(got.ascii).toMatch(/^[A-Za-z0-9._-]+\.(pdf|xml)$/);
    }
  });

  it("names e-mail attachments the same way, also from a row archived with a path", async () => {
    const attachments = mailProvider();
    const { org, invoice } = await sentWithPrefix("../../x/");
    expect(attachments).toEqual([["x_000001.pdf"]]);
    const archived = await (await d1Of(org.organizationId))
      .prepare("UPDATE invoice_archives SET filename = '../evil/' || filename WHERE document_id = ?")
      .bind(invoice.id)
      .run();
    expect(archived.meta.changes).toBeGreaterThan(0);
    // Sending again sends a reminder with the archived PDF.
    expect((await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key })).status).toBe(200);
    expect(attachments).toEqual([["x_000001.pdf"], ["evil_x_000001.pdf"]]);
    const pdf = await download(org, `/v1/invoices/${invoice.id}/pdf`);
    expect(names(pdf.headers.get("Content-Disposition"))).toEqual({
      type: "inline",
      ascii: "evil_x_000001.pdf",
      unicode: "evil_x_000001.pdf",
    });
  });
});
