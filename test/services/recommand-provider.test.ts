// The Recommand adapter against the fake on loopback: each call as the published API takes it
// (paths, Basic auth, JSON bodies) and each answer read, refusals into NetworkProviderError kinds.
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_BILL_BYTES } from "../../src/lib/limits";
import { MAX_INBOX_ANSWER_BYTES, recommandProvider } from "../../src/services/einvoice-networks/recommand";
import { NetworkProviderError } from "../../src/services/einvoice-networks/types";
import { FakeRecommandAccount, INVOICE_DOCUMENT_TYPE, recommandBase } from "../helpers/recommand";

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID><cbc:ID>INV-7</cbc:ID></Invoice>`;

async function connected() {
  const account = await FakeRecommandAccount.open();
  const provider = recommandProvider({
    apiBase: recommandBase(),
    apiKeyId: account.apiKeyId,
    apiSecret: account.apiSecret,
  });
  const company = await provider.registerCompany({
    name: "Acme BV",
    address: "Rue de la Loi 16",
    postalCode: "1000",
    city: "Brussels",
    country: "BE",
    vatNumber: "BE0403170701",
    enterpriseNumberScheme: "0208",
    enterpriseNumber: "0403170701",
    email: null,
    phone: null,
  });
  return { account, provider, company };
}

describe("recommandProvider", () => {
  it("registers a company and a webhook, under Basic auth, and reads the company back", async () => {
    const { account, provider, company } = await connected();
    expect(company.participantId).toBe("0208:0403170701");
    const webhookId = await provider.registerWebhook(
      company.companyId,
      "https://api.example.com/hooks/peppol/org_1?token=t",
    );
    expect(webhookId).toMatch(/^wh_/);
    expect(await provider.company(company.companyId)).toEqual(company);
    const requests = await account.requests();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/v1/companies",
      "POST /api/v1/webhooks",
      `GET /api/v1/companies/${company.companyId}`,
    ]);
    expect(new Set(requests.map((r) => r.authorization))).toEqual(new Set([account.authorization]));
    expect(JSON.parse(requests[1]!.body)).toEqual({
      url: "https://api.example.com/hooks/peppol/org_1?token=t",
      companyId: company.companyId,
    });
  });

  it("answers not_found for a company the credentials do not hold, unauthorized for a wrong secret", async () => {
    const { account, provider } = await connected();
    await expect(provider.company("c_other")).rejects.toMatchObject({ kind: "not_found" });
    const wrong = recommandProvider({
      apiBase: recommandBase(),
      apiKeyId: account.apiKeyId,
      apiSecret: "nope",
    });
    const error = await wrong.lookup("0208:0403170701").catch((e) => e);
    expect(error).toBeInstanceOf(NetworkProviderError);
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, message: "Unauthorized" });
  });

  it("looks participants up", async () => {
    const { account, provider } = await connected();
    await account.register("0208:0843555212");
    expect(await provider.lookup("0208:0843555212")).toEqual({
      registered: true,
      documentTypes: expect.arrayContaining([INVOICE_DOCUMENT_TYPE]),
    });
    expect(await provider.lookup("0208:0000000097")).toEqual({ registered: false, documentTypes: [] });
  });

  it("sends the XML as given, finds it by number, and reads refusals with their rules", async () => {
    const { account, provider, company } = await connected();
    await account.register("0208:0843555212");
    const sent = await provider.send({
      companyId: company.companyId,
      recipient: "0208:0843555212",
      xml: UBL,
    });
    const [doc] = await account.documents();
    expect(doc).toMatchObject({
      id: sent.providerDocumentId,
      envelopeId: sent.envelopeId,
      xml: UBL,
      number: "INV-7",
    });
    expect(await provider.findSent(company.companyId, "INV-7")).toEqual([
      {
        providerDocumentId: sent.providerDocumentId,
        envelopeId: sent.envelopeId,
        documentNumber: "INV-7",
        documentType: "invoice",
        recipient: "0208:0843555212",
      },
    ]);

    await account.fail({
      path: `/api/v1/${company.companyId}/send`,
      status: 400,
      body: {
        success: false,
        errors: {
          root: ["Document validation failed."],
          "invoice.lines": [
            "BR-CO-15: Invoice total amount with VAT = ...",
            "PEPPOL-EN16931-R010: Buyer electronic address MUST be provided",
          ],
        },
      },
    });
    await expect(
      provider.send({ companyId: company.companyId, recipient: "0208:0843555212", xml: UBL }),
    ).rejects.toMatchObject({
      kind: "refused",
      message: "Document validation failed.",
      rules: [
        { rule: "BR-CO-15", message: "Invoice total amount with VAT = ..." },
        { rule: "PEPPOL-EN16931-R010", message: "Buyer electronic address MUST be provided" },
      ],
    });
    await expect(
      provider.send({ companyId: company.companyId, recipient: "0208:0000000097", xml: UBL }),
    ).rejects.toMatchObject({
      kind: "unreachable",
      status: 422,
    });
    await account.fail({ path: `/api/v1/${company.companyId}/send`, status: 503 });
    await expect(
      provider.send({ companyId: company.companyId, recipient: "0208:0843555212", xml: UBL }),
    ).rejects.toMatchObject({
      kind: "unavailable",
    });
    await account.fail({ path: `/api/v1/${company.companyId}/send`, drop: true });
    const dropped = await provider
      .send({ companyId: company.companyId, recipient: "0208:0843555212", xml: UBL })
      .catch((e) => e);
    expect(dropped).not.toBeInstanceOf(NetworkProviderError);
  });

  it("reads the inbox, a received document's bytes, and marks it read", async () => {
    const { account, provider, company } = await connected();
    const { documentId } = await account.receive(company.companyId, UBL);
    expect(await provider.inbox(company.companyId)).toEqual([{ providerDocumentId: documentId }]);
    expect(new TextDecoder().decode(await provider.fetchDocument(documentId))).toBe(UBL);
    await provider.markAsRead(documentId);
    expect(await provider.inbox(company.companyId)).toEqual([]);
    const fetched = (await account.requests()).find((r) => r.path === `/api/v1/documents/${documentId}`);
    expect(fetched?.accept).toBe("application/xml");
    await expect(provider.fetchDocument("doc_missing")).rejects.toMatchObject({ kind: "not_found" });
  });

  describe("an answer past its cap, sent chunked without Content-Length", () => {
    afterEach(() => vi.restoreAllMocks());

    /** An endless chunked body of `type`, counting the bytes pulled from it. */
    function endless(type: string, first: string) {
      const pulled = { bytes: 0 };
      const chunk = new Uint8Array(1024 * 1024).fill(0x20);
      let started = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = started ? chunk : new TextEncoder().encode(first);
          started = true;
          pulled.bytes += next.byteLength;
          controller.enqueue(next);
        },
      });
      vi.spyOn(globalThis, "fetch").mockResolvedValue(
        new Response(body, { status: 200, headers: { "Content-Type": type } }),
      );
      return pulled;
    }
    const provider = () =>
      recommandProvider({ apiBase: "https://provider.test", apiKeyId: "k", apiSecret: "s" });

    it("stops reading a received document past the bills' 20 MB: invalid", async () => {
      const pulled = endless("application/xml", "<Invoice>");
      await expect(provider().fetchDocument("doc_1")).rejects.toMatchObject({ kind: "invalid" });
      expect(pulled.bytes).toBeLessThan(MAX_BILL_BYTES + 3 * 1024 * 1024);
    });

    it("stops reading a JSON answer past 2 MB: invalid", async () => {
      const pulled = endless("application/json", '{"success":true,"documents":[');
      await expect(provider().findSent("c_1", "INV-1")).rejects.toMatchObject({ kind: "invalid" });
      expect(pulled.bytes).toBeLessThan(4 * 1024 * 1024);
    });

    it("reads the unpaged inbox up to 16 MB, then stops: invalid", async () => {
      const pulled = endless("application/json", '{"success":true,"documents":[');
      await expect(provider().inbox("c_1")).rejects.toMatchObject({ kind: "invalid" });
      expect(pulled.bytes).toBeGreaterThan(MAX_INBOX_ANSWER_BYTES);
      expect(pulled.bytes).toBeLessThan(MAX_INBOX_ANSWER_BYTES + 3 * 1024 * 1024);
    });
  });
});
