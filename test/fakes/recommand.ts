// A local fake of Recommand's published API (github.com/recommand/recommand-peppol, api/), on
// loopback, for the tests: the Worker reaches it at RECOMMAND_API_BASE. It answers as the
// provider does (Basic auth with an API key id and secret, the `{ success: true, ...data }`
// envelope, `{ success: false, errors: { root: [...] } }` refusals, `isValid` lookups, XML for
// `Accept: application/xml`) and checks what it receives (the credentials, the paths, the bodies'
// fields). Each test makes an account of its own (its own key id), so files running side by side
// never see each other's companies, documents or requests.
//
// Control, for the tests only, under /__fake/ (no auth):
// - POST /__fake/accounts -> { apiKeyId, apiSecret }
// - POST /__fake/accounts/{key}/keys -> { apiKeyId, apiSecret }: another API key of the same team
// - POST /__fake/accounts/{key}/participants { id, documentTypes? }: a registered participant
// - POST /__fake/accounts/{key}/failures { method, path, status?, body?, times?, drop?,
//   storeThenDrop? }: the next `times` requests whose path starts with `path` get `status` and
//   `body` (or the connection is dropped, a network failure), before anything else is done; with
//   `storeThenDrop` the request is done as asked and the connection dropped before the answer
// - POST /__fake/accounts/{key}/received { companyId, xml, senderId? } -> { documentId, webhooks:
//   [{ url, body }] }: a document arrives for the company; the webhooks the provider would call once
// - GET /__fake/accounts/{key}/requests, GET /__fake/accounts/{key}/documents
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export const INVOICE_DOCUMENT_TYPE =
  "busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1";
export const CREDIT_NOTE_DOCUMENT_TYPE =
  "busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1";

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  accept: string | null;
  body: string;
}

interface FakeDocument {
  id: string;
  teamId: string;
  companyId: string;
  direction: "incoming" | "outgoing";
  senderId: string;
  receiverId: string | null;
  envelopeId: string;
  xml: string;
  number: string | null;
  type: "invoice" | "creditNote" | "messageLevelResponse" | "unknown";
  readAt: string | null;
  createdAt: string;
}

interface Failure {
  method: string;
  path: string;
  status: number;
  body: unknown;
  times: number;
  drop: boolean;
  storeThenDrop: boolean;
}

interface Account {
  apiKeyId: string;
  apiSecret: string;
  teamId: string;
  companies: Map<string, Record<string, unknown>>;
  webhooks: Map<
    string,
    {
      id: string;
      teamId: string;
      companyId: string | null;
      url: string;
      createdAt: string;
      updatedAt: string;
    }
  >;
  documents: Map<string, FakeDocument>;
  participants: Map<string, string[]>;
  failures: Failure[];
  requests: SeenRequest[];
}

const success = (data: Record<string, unknown> = {}) => ({ success: true, ...data });
const failure = (message: string, fields: Record<string, string[]> = {}) => ({
  success: false,
  errors: { root: [message], ...fields },
});

function send(res: ServerResponse, status: number, body: unknown, contentType = "application/json") {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const firstMatch = (xml: string, pattern: RegExp) => pattern.exec(xml)?.[1] ?? null;

/** What the provider's parser would say of an XML: its type and number (cbc:ID after the header). */
function describe(xml: string): Pick<FakeDocument, "type" | "number"> {
  const root = firstMatch(
    xml,
    /<(?:\w+:)?(Invoice|CreditNote|ApplicationResponse|CrossIndustryInvoice)[\s>]/,
  );
  const type =
    root === "Invoice"
      ? "invoice"
      : root === "CreditNote"
        ? "creditNote"
        : root === "ApplicationResponse"
          ? "messageLevelResponse"
          : "unknown";
  return { type, number: firstMatch(xml, /<cbc:ID>([^<]*)<\/cbc:ID>/) };
}

function summary(doc: FakeDocument, withXml: boolean) {
  const parsed =
    doc.type === "invoice"
      ? { invoiceNumber: doc.number }
      : doc.type === "creditNote"
        ? { creditNoteNumber: doc.number }
        : null;
  return {
    id: doc.id,
    teamId: doc.teamId,
    companyId: doc.companyId,
    direction: doc.direction,
    senderId: doc.senderId,
    receiverId: doc.receiverId,
    docTypeId: doc.type === "creditNote" ? CREDIT_NOTE_DOCUMENT_TYPE : INVOICE_DOCUMENT_TYPE,
    processId: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0",
    countryC1: "BE",
    type: doc.type === "unknown" ? "xml" : doc.type,
    readAt: doc.readAt,
    createdAt: doc.createdAt,
    updatedAt: doc.createdAt,
    ...(withXml ? { xml: doc.xml } : {}),
    parsed,
    validation: null,
    sentOverPeppol: doc.direction === "outgoing",
    sentOverEmail: false,
    emailRecipients: [],
    labels: [],
    peppolMessageId: doc.direction === "outgoing" ? randomUUID() : null,
    peppolConversationId: null,
    receivedPeppolSignalMessage: null,
    envelopeId: doc.envelopeId,
  };
}

const REQUIRED_COMPANY_FIELDS = ["name", "address", "postalCode", "city", "country"] as const;

export interface RecommandFake {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startRecommandFake(): Promise<RecommandFake> {
  const accounts = new Map<string, Account>();
  /** Each API key's secret: a team may have several keys. */
  const secrets = new Map<string, string>();
  let sequence = 0;
  const nextId = (prefix: string) =>
    `${prefix}_${(++sequence).toString(36).padStart(6, "0")}${randomUUID().slice(0, 8)}`;

  function control(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const parts = url.pathname.split("/").filter(Boolean); // __fake, accounts, key, what
    if (req.method === "POST" && parts.length === 2 && parts[1] === "accounts") {
      const account: Account = {
        apiKeyId: nextId("key"),
        apiSecret: `secret_${randomUUID()}`,
        teamId: nextId("team"),
        companies: new Map(),
        webhooks: new Map(),
        documents: new Map(),
        participants: new Map(),
        failures: [],
        requests: [],
      };
      accounts.set(account.apiKeyId, account);
      secrets.set(account.apiKeyId, account.apiSecret);
      return send(res, 201, {
        apiKeyId: account.apiKeyId,
        apiSecret: account.apiSecret,
        teamId: account.teamId,
      });
    }
    const account = accounts.get(parts[2] ?? "");
    if (!account) return send(res, 404, { error: "no such fake account" });
    const input = raw ? JSON.parse(raw) : {};
    const what = parts[3];
    if (req.method === "POST" && what === "keys") {
      const key = { apiKeyId: nextId("key"), apiSecret: `secret_${randomUUID()}` };
      accounts.set(key.apiKeyId, account);
      secrets.set(key.apiKeyId, key.apiSecret);
      return send(res, 201, key);
    }
    if (req.method === "POST" && what === "participants") {
      account.participants.set(
        input.id,
        input.documentTypes ?? [INVOICE_DOCUMENT_TYPE, CREDIT_NOTE_DOCUMENT_TYPE],
      );
      return send(res, 201, {});
    }
    if (req.method === "POST" && what === "failures") {
      account.failures.push({
        method: input.method ?? "POST",
        path: input.path,
        status: input.status ?? 503,
        body: input.body ?? failure("Service temporarily unavailable"),
        times: input.times ?? 1,
        drop: input.drop === true,
        storeThenDrop: input.storeThenDrop === true,
      });
      return send(res, 201, {});
    }
    if (req.method === "POST" && what === "received") {
      const at = new Date().toISOString();
      const doc: FakeDocument = {
        id: nextId("doc"),
        teamId: account.teamId,
        companyId: input.companyId,
        direction: "incoming",
        senderId: input.senderId ?? "0208:0000000097",
        receiverId: null,
        envelopeId: randomUUID(),
        xml: input.xml,
        ...describe(input.xml),
        readAt: null,
        createdAt: at,
      };
      account.documents.set(doc.id, doc);
      const body = {
        eventType: "document.received",
        documentId: doc.id,
        teamId: account.teamId,
        companyId: doc.companyId,
      };
      const webhooks = [...account.webhooks.values()]
        .filter((w) => w.companyId === null || w.companyId === doc.companyId)
        .map((w) => ({ url: w.url, body }));
      return send(res, 201, { documentId: doc.id, webhooks });
    }
    if (req.method === "GET" && what === "requests") return send(res, 200, account.requests);
    if (req.method === "GET" && what === "documents") {
      return send(
        res,
        200,
        [...account.documents.values()].map((d) => ({ ...summary(d, true), number: d.number })),
      );
    }
    if (req.method === "GET" && what === "webhooks") return send(res, 200, [...account.webhooks.values()]);
    if (req.method === "GET" && what === "companies") return send(res, 200, [...account.companies.values()]);
    return send(res, 404, { error: "no such fake control" });
  }

  /** The account the Basic credentials name, or null when they do not open one. */
  function authenticate(header: string | undefined): Account | null {
    const [scheme, encoded] = (header ?? "").split(" ");
    if (scheme !== "Basic" || !encoded) return null;
    const decoded = Buffer.from(encoded, "base64").toString("utf8");
    const at = decoded.indexOf(":");
    const keyId = decoded.slice(0, at);
    const account = accounts.get(keyId);
    return account && secrets.get(keyId) === decoded.slice(at + 1) ? account : null;
  }

  /** The account a request with a wrong secret would have reached: it sees the attempt. */
  function claimed(header: string | undefined): Account | undefined {
    const encoded = (header ?? "").split(" ")[1] ?? "";
    const decoded = Buffer.from(encoded, "base64").toString("utf8");
    return accounts.get(decoded.split(":")[0] ?? "");
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const seen: SeenRequest = {
      method: req.method ?? "",
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization ?? null,
      contentType: req.headers["content-type"] ?? null,
      accept: req.headers.accept ?? null,
      body: raw,
    };
    const account = authenticate(req.headers.authorization);
    (account ?? claimed(req.headers.authorization))?.requests.push(seen);
    if (!account) return send(res, 401, failure("Unauthorized"));

    const scripted = account.failures.find(
      (f) => f.method === req.method && url.pathname.startsWith(f.path) && f.times > 0,
    );
    if (scripted) {
      scripted.times--;
      if (scripted.storeThenDrop) {
        // Done below as asked; the caller never hears the answer.
        res.writeHead = (() => res) as never;
        res.end = (() => {
          req.socket.destroy();
          return res;
        }) as never;
      } else if (scripted.drop) {
        req.socket.destroy();
        return;
      } else return send(res, scripted.status, scripted.body);
    }

    let input: Record<string, unknown> = {};
    if (raw) {
      if (!/^application\/json/.test(req.headers["content-type"] ?? ""))
        return send(res, 400, failure("Expected a JSON body"));
      try {
        input = JSON.parse(raw);
      } catch {
        return send(res, 400, failure("Malformed JSON"));
      }
    }
    const p = url.pathname;
    const now = new Date().toISOString();
    const at = (method: string | null, pattern: RegExp) =>
      method === null || req.method === method ? pattern.exec(p) : null;

    if (req.method === "POST" && p === "/api/v1/companies") {
      const missing = REQUIRED_COMPANY_FIELDS.filter((f) => typeof input[f] !== "string" || input[f] === "");
      if (missing.length > 0)
        return send(
          res,
          400,
          failure("Invalid request data", Object.fromEntries(missing.map((f) => [f, ["Required"]]))),
        );
      const company = {
        id: nextId("c"),
        teamId: account.teamId,
        name: input.name,
        address: input.address,
        postalCode: input.postalCode,
        city: input.city,
        country: input.country,
        enterpriseNumberScheme:
          (input.enterpriseNumberScheme as string | null) ?? (input.country === "BE" ? "0208" : null),
        enterpriseNumber:
          (input.enterpriseNumber as string | null) ??
          (input.country === "BE" && typeof input.vatNumber === "string"
            ? input.vatNumber.replace(/^BE/, "")
            : null),
        vatNumber: input.vatNumber ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        isSmpRecipient: true,
        isVerified: false,
        createdAt: now,
        updatedAt: now,
      };
      account.companies.set(company.id, company);
      return send(
        res,
        200,
        success({
          company,
          verificationUrl: `https://app.recommand.eu/verify/${company.id}`,
          verificationLogId: nextId("vl"),
        }),
      );
    }
    const companyPath = at("GET", /^\/api\/v1\/companies\/([^/]+)$/);
    if (companyPath) {
      const company = account.companies.get(decodeURIComponent(companyPath[1] ?? ""));
      return send(res, 200, success(company ? { company } : {}));
    }
    if (req.method === "POST" && p === "/api/v1/webhooks") {
      if (typeof input.url !== "string" || !/^https?:\/\//.test(input.url))
        return send(res, 400, failure("Invalid request data", { url: ["Invalid url"] }));
      const webhook = {
        id: nextId("wh"),
        teamId: account.teamId,
        companyId: (input.companyId as string | null) ?? null,
        url: input.url,
        createdAt: now,
        updatedAt: now,
      };
      account.webhooks.set(webhook.id, webhook);
      return send(res, 200, success({ webhook }));
    }
    const webhookPath = at("DELETE", /^\/api\/v1\/webhooks\/([^/]+)$/);
    if (webhookPath) {
      account.webhooks.delete(decodeURIComponent(webhookPath[1] ?? ""));
      return send(res, 200, success());
    }
    if (req.method === "POST" && p === "/api/v1/verify") {
      const address = String(input.peppolAddress ?? "");
      const types = account.participants.get(address);
      if (!types) return send(res, 200, success({ isValid: false }));
      return send(
        res,
        200,
        success({
          isValid: true,
          smpUrl: "http://smp.fake.test",
          serviceMetadataReferences: types.map(
            (t) => `http://smp.fake.test/iso6523-actorid-upis::${address}/services/${encodeURIComponent(t)}`,
          ),
          smpHostnames: ["smp.fake.test"],
          supportedDocuments: types.map((docTypeId) => ({
            name: docTypeId.includes("CreditNote") ? "Credit Note" : "Invoice",
            docTypeId,
          })),
        }),
      );
    }
    const sendPath = at("POST", /^\/api\/v1\/([^/]+)\/send$/);
    if (sendPath) {
      const companyId = decodeURIComponent(sendPath[1] ?? "");
      const company = account.companies.get(companyId);
      if (!company) return send(res, 403, failure("You do not have access to this company"));
      if (
        typeof input.recipient !== "string" ||
        input.documentType !== "xml" ||
        typeof input.document !== "string"
      ) {
        return send(
          res,
          400,
          failure("Invalid request data", {
            document: ["Expected recipient, documentType xml and document"],
          }),
        );
      }
      if (!account.participants.has(input.recipient)) {
        return send(
          res,
          422,
          failure(
            "Failed to send document over Peppol network. Recipient is not registered in the Peppol network.",
          ),
        );
      }
      const doc: FakeDocument = {
        id: nextId("doc"),
        teamId: account.teamId,
        companyId,
        direction: "outgoing",
        senderId: `${company.enterpriseNumberScheme}:${company.enterpriseNumber}`,
        receiverId: input.recipient,
        envelopeId: randomUUID(),
        xml: input.document,
        ...describe(input.document),
        readAt: null,
        createdAt: now,
      };
      account.documents.set(doc.id, doc);
      return send(
        res,
        200,
        success({
          sentOverPeppol: true,
          sentOverEmail: false,
          emailRecipients: [],
          teamId: account.teamId,
          companyId,
          id: doc.id,
          peppolMessageId: randomUUID(),
          envelopeId: doc.envelopeId,
        }),
      );
    }
    if (req.method === "GET" && p === "/api/v1/documents") {
      const q = url.searchParams;
      const documents = [...account.documents.values()].filter(
        (d) =>
          (!q.get("companyId") || d.companyId === q.get("companyId")) &&
          (!q.get("direction") || d.direction === q.get("direction")) &&
          (!q.get("from") || Date.parse(d.createdAt) >= Date.parse(q.get("from") ?? "")) &&
          (!q.get("search") ||
            (d.number ?? "").toLowerCase().includes((q.get("search") ?? "").toLowerCase())),
      );
      return send(
        res,
        200,
        success({
          documents: documents.map((d) => summary(d, false)),
          pagination: { total: documents.length, page: 1, limit: 50, totalPages: 1 },
        }),
      );
    }
    if (req.method === "GET" && p === "/api/v1/inbox") {
      const companyId = url.searchParams.get("companyId");
      const documents = [...account.documents.values()].filter(
        (d) => d.direction === "incoming" && d.readAt === null && (!companyId || d.companyId === companyId),
      );
      return send(
        res,
        200,
        success({
          documents: documents.map((d) => {
            const { xml: _xml, parsed: _parsed, ...rest } = summary(d, true);
            return rest;
          }),
        }),
      );
    }
    const documentPath = at(null, /^\/api\/v1\/documents\/([^/]+)(\/mark-as-read)?$/);
    if (documentPath) {
      const match = documentPath;
      const doc = account.documents.get(decodeURIComponent(match[1] ?? ""));
      if (!doc) return send(res, 404, failure("Document not found"));
      if (req.method === "POST" && match[2]) {
        doc.readAt = input.read === false ? null : now;
        return send(res, 200, success());
      }
      if (req.method === "GET" && !match[2]) {
        if ((req.headers.accept ?? "").toLowerCase().startsWith("application/xml")) {
          return send(res, 200, doc.xml, "application/xml; charset=utf-8");
        }
        return send(res, 200, success({ document: summary(doc, true) }));
      }
    }
    return send(res, 404, failure("Not found"));
  }

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake");
      const raw = await bodyOf(req);
      if (url.pathname.startsWith("/__fake/")) return control(req, res, url, raw);
      return api(req, res, url, raw);
    } catch (error) {
      send(res, 500, failure(`Fake failed: ${String(error)}`));
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
