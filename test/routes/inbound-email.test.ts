// Bills by e-mail: the organization's read-only `inbound_email`, its rotation, and the Worker's
// `email` handler (src/services/inbound-email/), called as Email Routing calls it: each XML or PDF
// e-invoice attached becomes a bill with source "email" and the message's Message-ID; a message to
// an unknown address, or without an e-invoice, is refused with a reason and stores nothing.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { deliver } from "../helpers/inbound-email";
import { mimeMessage } from "../helpers/mime";
import { supplier } from "../helpers/supplier-invoices";

const ADDRESS = /^bills\+([0-9a-z]{24})@bills\.example\.test$/;

async function inboundAddress(org: TestOrg): Promise<string> {
  const res = await api("GET", "/v1/organization", { token: org.owner.key });
  expect(res.status).toBe(200);
  return res.body.inbound_email;
}

const billsOf = async (org: TestOrg) =>
  (await api("GET", "/v1/bills?limit=100", { token: org.owner.key })).body.data as Record<string, any>[];

let ubl: Uint8Array;
let facturx: Uint8Array;
let number: string;

beforeAll(async () => {
  const invoice = await (await supplier()).issue([{ description: "Wartung", quantity: 3, unit_price: 80 }]);
  ({ ubl, facturx, number } = invoice);
}, 60_000);

describe("inbound_email", () => {
  it("is the organization's own read-only address, which PATCH cannot set", async () => {
    const [a, b] = [await createOrg(), await createOrg()];
    const first = await inboundAddress(a);
    expect(first).toMatch(ADDRESS);
    expect(await inboundAddress(b)).not.toBe(first);
    const patch = await api("PATCH", "/v1/organization", {
      token: a.owner.key,
      body: { inbound_email: "bills+mine@bills.example.test" },
    });
    expectError(patch, 422, "validation_error");
    expect(await inboundAddress(a)).toBe(first);
  });

  it("rotates to a new address (owner or admin); the previous one refuses mail from then on", async () => {
    const org = await createOrg({ currency: "EUR" });
    const before = await inboundAddress(org);
    const member = await addMember(org, "member");
    const denied = await api("POST", "/v1/organization/inbound-email/rotate", { token: member.key });
    expectError(denied, 403, "access_denied");
    const rotated = await api("POST", "/v1/organization/inbound-email/rotate", { token: org.owner.key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.inbound_email).toMatch(ADDRESS);
    expect(rotated.body.inbound_email).not.toBe(before);
    expect(await inboundAddress(org)).toBe(rotated.body.inbound_email);

    const old = await deliver(
      before,
      mimeMessage([{ filename: "r.xml", type: "application/xml", bytes: ubl }]),
    );
    expect(old.rejected).toMatch(/^Unknown recipient/);
    expect(await billsOf(org)).toEqual([]);
  });
});

describe("the email handler", () => {
  it("refuses a message of more than 20 XML or PDF attachments whole, importing none", async () => {
    const org = await createOrg({ currency: "EUR" });
    const parts = Array.from({ length: 21 }, (_, i) => ({
      filename: `r${i}.xml`,
      type: "application/xml",
      bytes: i === 0 ? ubl : new TextEncoder().encode("<x/>"),
    }));
    const message = await deliver(await inboundAddress(org), mimeMessage(parts));
    expect(message.rejected).toBe("Too many attachments: at most 20 XML or PDF files per message");
    expect(await billsOf(org)).toEqual([]);
  });

  it("imports an XML attachment as a bill with source email and the Message-ID; the same invoice again is refused", async () => {
    const org = await createOrg({ currency: "EUR" });
    const messageId = "<rechnung-0815@lieferant.example>";
    const message = await deliver(
      // Senders write addresses in any case.
      (await inboundAddress(org)).toUpperCase(),
      mimeMessage(
        [
          { filename: "rechnung.xml", type: "application/xml", bytes: ubl },
          { filename: "agb.txt", type: "text/plain", bytes: new TextEncoder().encode("AGB") },
        ],
        { messageId },
      ),
    );
    expect(message.rejected).toBeNull();
    const [bill] = await billsOf(org);
    expect(bill).toMatchObject({
      number,
      source: "email",
      total: 285.6,
      original: { syntax: "ubl", container: "xml", filename: "rechnung.xml", size: ubl.byteLength },
    });
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT message_id FROM bills WHERE id = ?")
      .bind(bill?.id)
      .first();
    expect(stored).toEqual({ message_id: messageId });

    // The same document again as Factur-X is the same supplier's same number: not imported twice,
    // and the sender is told why.
    const again = await deliver(
      await inboundAddress(org),
      mimeMessage([{ filename: "rechnung.pdf", type: "application/pdf", bytes: facturx }]),
    );
    expect(again.rejected).toMatch(/^No e-invoice imported \(rechnung\.pdf: a bill with this supplier/);
    expect(await billsOf(org)).toHaveLength(1);
  });

  it("imports a Factur-X attachment whose PDF and original download", async () => {
    const org = await createOrg({ currency: "EUR" });
    const message = await deliver(
      await inboundAddress(org),
      mimeMessage([{ filename: "factur-x.pdf", type: "application/octet-stream", bytes: facturx }]),
    );
    expect(message.rejected).toBeNull();
    const [bill] = await billsOf(org);
    expect(bill).toMatchObject({ source: "email", original: { syntax: "cii", container: "pdf" } });
    for (const path of ["original", "pdf"]) {
      const res = await api("GET", `/v1/bills/${bill?.id}/${path}`, { token: org.owner.key });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/pdf");
      expect(new Uint8Array(await res.raw.arrayBuffer())).toEqual(facturx);
    }
  });

  it("refuses a message to an unknown address or another domain, storing nothing", async () => {
    const raw = mimeMessage([{ filename: "r.xml", type: "application/xml", bytes: ubl }]);
    const unknown = await deliver("bills+000000000000000000000000@bills.example.test", raw);
    expect(unknown.rejected).toBe("Unknown recipient: this address receives no bills");
    const org = await createOrg();
    const token = ADDRESS.exec(await inboundAddress(org))?.[1];
    const elsewhere = await deliver(`bills+${token}@elsewhere.example`, raw);
    expect(elsewhere.rejected).toBe("Unknown recipient: this address receives no bills");
    expect(await billsOf(org)).toEqual([]);
  });

  it("refuses a message without an e-invoice, and one whose attachment is no e-invoice, with the reason", async () => {
    const org = await createOrg();
    const address = await inboundAddress(org);
    const none = await deliver(
      address,
      mimeMessage([{ filename: "photo.png", type: "image/png", bytes: new Uint8Array([137, 80, 78, 71]) }]),
    );
    expect(none.rejected).toMatch(/^No e-invoice attached/);
    const hostile = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`;
    const invalid = await deliver(
      address,
      mimeMessage([{ filename: "evil.xml", type: "text/xml", bytes: new TextEncoder().encode(hostile) }]),
    );
    expect(invalid.rejected).toMatch(/^No e-invoice imported \(evil\.xml: /);
    expect(await billsOf(org)).toEqual([]);
    const stored = await env.DOCUMENTS.list({ prefix: `bills/${org.organizationId}/` });
    expect(stored.objects).toEqual([]);
  });
});
