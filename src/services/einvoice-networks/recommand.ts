// Recommand (https://recommand.eu), a certified Belgian Peppol access point, over its published
// REST API (source: github.com/recommand/recommand-peppol, api/): Basic auth with an API key id
// and secret; every JSON answer is an envelope, `{ success: true, ...data }` or `{ success: false,
// errors: { root: [message], <field>: ["<RULE>: <message>"] } }`. Its origin is a setting
// (RECOMMAND_API_BASE), so tests talk to a local fake.
import { z } from "@hono/zod-openapi";
import { toBase64, utf8 } from "../../lib/encoding";
import { MAX_BILL_BYTES } from "../../lib/limits";
import { readCapped } from "../../lib/request-file";
import {
  type CompanyRegistration,
  type InboxEntry,
  type NetworkProvider,
  NetworkProviderError,
  type OutgoingDocument,
  type ParticipantLookup,
  type ProviderDocumentSummary,
  type ProviderErrorKind,
  type RegisteredCompany,
  type SentDocument,
} from "./types";

export const RECOMMAND_DEFAULT_API_BASE = "https://app.recommand.eu";

/** How long one call to the provider may take before it counts as a network failure. */
export const RECOMMAND_TIMEOUT_MS = 20_000;

/** The most bytes of a JSON answer read: past it the answer is `invalid`, read no further. */
export const MAX_PROVIDER_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * The most bytes of the inbox's answer read: it has no paging, and documents refused here stay
 * in it unread, so it may grow (some 16,000 entries) before it is `invalid`.
 */
export const MAX_INBOX_ANSWER_BYTES = 16 * 1024 * 1024;

export interface RecommandCredentials {
  apiBase: string;
  apiKeyId: string;
  apiSecret: string;
}

const failureSchema = z.object({
  success: z.literal(false).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const companySchema = z.object({
  id: z.string(),
  enterpriseNumberScheme: z.string().nullish(),
  enterpriseNumber: z.string().nullish(),
});

const documentSummarySchema = z.object({
  id: z.string(),
  envelopeId: z.string().nullish(),
  receiverId: z.string().nullish(),
  type: z.string().nullish(),
  parsed: z
    .object({ invoiceNumber: z.string().optional(), creditNoteNumber: z.string().optional() })
    .passthrough()
    .nullish(),
});

/** `RULE: message`, as the provider writes a validation error; a message without a rule is kept whole. */
function ruleOf(text: string): { rule: string; message: string } {
  const match = /^([A-Za-z][A-Za-z0-9-]*(?:-[A-Za-z0-9]+)*)\s*:\s*([\s\S]*)$/.exec(text.trim());
  if (match?.[1] && /[-0-9]/.test(match[1])) return { rule: match[1], message: match[2]?.trim() ?? "" };
  return { rule: "", message: text.trim() };
}

/** The provider's failure envelope read into an error: `root` is the message, the rest the rules. */
function failureOf(status: number, body: unknown, kindOf: (status: number) => ProviderErrorKind) {
  const parsed = failureSchema.safeParse(body);
  const errors = parsed.success ? (parsed.data.errors ?? {}) : {};
  const root = errors.root?.join(" ") || `The provider answered ${status}`;
  const rules = Object.entries(errors)
    .filter(([field]) => field !== "root")
    .flatMap(([, messages]) => messages.map(ruleOf))
    .filter((entry) => entry.rule !== "");
  const fields = Object.fromEntries(Object.entries(errors).filter(([field]) => field !== "root"));
  return new NetworkProviderError(kindOf(status), status, root, rules, fields);
}

const defaultKind = (status: number): ProviderErrorKind => {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 429 || status >= 500) return "unavailable";
  return "invalid";
};

/** The send's statuses: 400 is its validation refusal, 422 a recipient it cannot reach. */
const sendKind = (status: number): ProviderErrorKind => {
  if (status === 400) return "refused";
  if (status === 422) return "unreachable";
  return defaultKind(status);
};

/**
 * The answer's body, read up to `max` bytes (a received document: as many as POST /v1/bills takes;
 * else MAX_PROVIDER_ANSWER_BYTES): past it, announced or counted, `invalid` and the rest unread.
 */
async function bodyOf(response: Response, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    new NetworkProviderError("invalid", response.status, `The provider's answer is over ${max / 2 ** 20} MB`);
  if (!response.body) return new Uint8Array();
  if (Number(response.headers.get("Content-Length") ?? "0") > max) {
    await response.body.cancel();
    throw tooLarge();
  }
  const bytes = await readCapped(response.body, max);
  if (!bytes) throw tooLarge();
  return bytes;
}

/** A JSON answer, read capped; null when it is not JSON. */
async function jsonOf(response: Response, max = MAX_PROVIDER_ANSWER_BYTES): Promise<unknown> {
  const text = new TextDecoder().decode(await bodyOf(response, max));
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const basicAuth = (id: string, secret: string) => `Basic ${toBase64(utf8(`${id}:${secret}`))}`;

export function recommandProvider(credentials: RecommandCredentials): NetworkProvider {
  const base = credentials.apiBase.replace(/\/+$/, "");
  const authorization = basicAuth(credentials.apiKeyId, credentials.apiSecret);

  async function call(
    method: string,
    path: string,
    options: { json?: unknown; accept?: string; kindOf?: (status: number) => ProviderErrorKind } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: options.accept ?? "application/json",
    };
    if (options.json !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: AbortSignal.timeout(RECOMMAND_TIMEOUT_MS),
    });
    if (response.ok) return response;
    const body = await jsonOf(response).catch(() => null);
    throw failureOf(response.status, body, options.kindOf ?? defaultKind);
  }

  /** A success envelope's data, read with `schema`; anything else is the provider not answering as published. */
  async function data<T extends z.ZodTypeAny>(
    response: Response,
    schema: T,
    max = MAX_PROVIDER_ANSWER_BYTES,
  ): Promise<z.infer<T>> {
    const body = await jsonOf(response, max);
    const parsed = schema.safeParse(body);
    if (!parsed.success || (body as { success?: unknown }).success !== true) {
      throw new NetworkProviderError(
        "unavailable",
        response.status,
        "The provider's answer is not its published success envelope",
      );
    }
    return parsed.data;
  }

  const registered = (company: z.infer<typeof companySchema>): RegisteredCompany => ({
    companyId: company.id,
    participantId:
      company.enterpriseNumberScheme && company.enterpriseNumber
        ? `${company.enterpriseNumberScheme}:${company.enterpriseNumber}`
        : null,
  });

  return {
    name: "recommand",

    async company(companyId) {
      const response = await call("GET", `/api/v1/companies/${encodeURIComponent(companyId)}`);
      const { company } = await data(response, z.object({ company: companySchema.optional() }));
      // The provider answers success without a company for an id that is not the team's.
      if (!company)
        throw new NetworkProviderError("not_found", 404, `No company ${companyId} for these credentials`);
      return registered(company);
    },

    async registerCompany(profile: CompanyRegistration) {
      const response = await call("POST", "/api/v1/companies", { json: profile });
      const { company } = await data(response, z.object({ company: companySchema }));
      return registered(company);
    },

    async registerWebhook(companyId, url) {
      const response = await call("POST", "/api/v1/webhooks", { json: { url, companyId } });
      const { webhook } = await data(response, z.object({ webhook: z.object({ id: z.string() }) }));
      return webhook.id;
    },

    async deleteWebhook(webhookId) {
      await call("DELETE", `/api/v1/webhooks/${encodeURIComponent(webhookId)}`);
    },

    async lookup(participantId): Promise<ParticipantLookup> {
      const response = await call("POST", "/api/v1/verify", { json: { peppolAddress: participantId } });
      const answer = await data(
        response,
        z.object({
          isValid: z.boolean(),
          supportedDocuments: z.array(z.object({ docTypeId: z.string() })).optional(),
        }),
      );
      return {
        registered: answer.isValid,
        documentTypes: answer.isValid ? (answer.supportedDocuments ?? []).map((d) => d.docTypeId) : [],
      };
    },

    async send(document: OutgoingDocument): Promise<SentDocument> {
      const response = await call("POST", `/api/v1/${encodeURIComponent(document.companyId)}/send`, {
        json: { recipient: document.recipient, documentType: "xml", document: document.xml },
        kindOf: sendKind,
      });
      const sent = await data(response, z.object({ id: z.string(), envelopeId: z.string().nullish() }));
      return { providerDocumentId: sent.id, envelopeId: sent.envelopeId ?? null };
    },

    async findSent(companyId, documentNumber, options = {}): Promise<ProviderDocumentSummary[]> {
      const query = new URLSearchParams({
        companyId,
        direction: "outgoing",
        search: documentNumber,
        limit: "50",
        excludeAttachments: "true",
        ...(options.since ? { from: options.since } : {}),
      });
      const response = await call("GET", `/api/v1/documents?${query}`);
      const { documents } = await data(response, z.object({ documents: z.array(documentSummarySchema) }));
      return documents.map((d) => ({
        providerDocumentId: d.id,
        envelopeId: d.envelopeId ?? null,
        documentNumber: d.parsed?.invoiceNumber ?? d.parsed?.creditNoteNumber ?? null,
        documentType: d.type === "invoice" ? "invoice" : d.type === "creditNote" ? "credit_note" : null,
        recipient: d.receiverId ?? null,
      }));
    },

    async fetchDocument(providerDocumentId) {
      const response = await call("GET", `/api/v1/documents/${encodeURIComponent(providerDocumentId)}`, {
        accept: "application/xml",
      });
      const type = response.headers.get("Content-Type") ?? "";
      if (!/xml/i.test(type)) {
        await response.body?.cancel();
        throw new NetworkProviderError(
          "not_found",
          response.status,
          "The provider holds no XML for this document",
        );
      }
      return await bodyOf(response, MAX_BILL_BYTES);
    },

    async markAsRead(providerDocumentId) {
      await call("POST", `/api/v1/documents/${encodeURIComponent(providerDocumentId)}/mark-as-read`, {
        json: { read: true },
      });
    },

    async inbox(companyId): Promise<InboxEntry[]> {
      const response = await call("GET", `/api/v1/inbox?${new URLSearchParams({ companyId })}`);
      const { documents } = await data(
        response,
        z.object({ documents: z.array(z.object({ id: z.string() })) }),
        MAX_INBOX_ANSWER_BYTES,
      );
      return documents.map((d) => ({ providerDocumentId: d.id }));
    },
  };
}
