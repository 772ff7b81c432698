// Peppol in the workers tests: the fake Recommand on loopback (test/fakes/recommand.ts, started by
// test/fakes/global-setup.ts), an account of the test's own in it, and an organization connected
// to it through the API.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import type { SeenRequest } from "../fakes/recommand";
import { UNREACHABLE_PROVIDER } from "../fakes/unreachable";
import { api, type TestOrg } from "./api";

export { CREDIT_NOTE_DOCUMENT_TYPE, INVOICE_DOCUMENT_TYPE, type SeenRequest } from "../fakes/recommand";

/** The fake's origin, as RECOMMAND_API_BASE. */
export const recommandBase = () => inject("recommandApiBase");

/**
 * Points RECOMMAND_API_BASE at the fake for the whole file (its `beforeAll` hooks included), and
 * back at the unreachable default after it.
 */
export function useFakeRecommand() {
  const point = () => {
    Object.assign(env, { RECOMMAND_API_BASE: recommandBase() });
  };
  beforeAll(point);
  beforeEach(point);
  afterAll(() => {
    Object.assign(env, { RECOMMAND_API_BASE: UNREACHABLE_PROVIDER });
  });
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${recommandBase()}/__fake${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`fake control ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface FakeDocumentView {
  id: string;
  companyId: string;
  direction: "incoming" | "outgoing";
  receiverId: string | null;
  envelopeId: string;
  xml: string;
  number: string | null;
  readAt: string | null;
}

/** One account at the fake: its credentials, and what it has seen and holds. */
export class FakeRecommandAccount {
  private constructor(
    readonly apiKeyId: string,
    readonly apiSecret: string,
  ) {}

  static async open(): Promise<FakeRecommandAccount> {
    const { apiKeyId, apiSecret } = await control<{ apiKeyId: string; apiSecret: string }>(
      "POST",
      "/accounts",
    );
    return new FakeRecommandAccount(apiKeyId, apiSecret);
  }

  /** Another API key of the same team at the fake (a key rotated): its companies are this one's. */
  async newKey(): Promise<FakeRecommandAccount> {
    const { apiKeyId, apiSecret } = await control<{ apiKeyId: string; apiSecret: string }>(
      "POST",
      `/accounts/${this.apiKeyId}/keys`,
    );
    return new FakeRecommandAccount(apiKeyId, apiSecret);
  }

  /** `Basic base64(id:secret)`, what every call of the Worker must carry. */
  get authorization() {
    return `Basic ${btoa(`${this.apiKeyId}:${this.apiSecret}`)}`;
  }

  register(participantId: string, documentTypes?: string[]) {
    return control("POST", `/accounts/${this.apiKeyId}/participants`, { id: participantId, documentTypes });
  }

  /** The next `times` calls to `path` (a prefix) answer `status` and `body`, or drop the connection (after doing what was asked, with `storeThenDrop`). */
  fail(failure: {
    method?: string;
    path: string;
    status?: number;
    body?: unknown;
    times?: number;
    drop?: boolean;
    /** Done as asked, then the connection dropped before the answer. */
    storeThenDrop?: boolean;
  }) {
    return control("POST", `/accounts/${this.apiKeyId}/failures`, failure);
  }

  /** A document arrives for the company; the webhook calls the provider would make (once). */
  receive(companyId: string, xml: string, senderId?: string) {
    return control<{ documentId: string; webhooks: Array<{ url: string; body: unknown }> }>(
      "POST",
      `/accounts/${this.apiKeyId}/received`,
      { companyId, xml, senderId },
    );
  }

  requests() {
    return control<SeenRequest[]>("GET", `/accounts/${this.apiKeyId}/requests`);
  }

  documents() {
    return control<FakeDocumentView[]>("GET", `/accounts/${this.apiKeyId}/documents`);
  }

  webhooks() {
    return control<Array<{ id: string; companyId: string | null; url: string }>>(
      "GET",
      `/accounts/${this.apiKeyId}/webhooks`,
    );
  }

  companies() {
    return control<Array<Record<string, unknown>>>("GET", `/accounts/${this.apiKeyId}/companies`);
  }
}

/** PUT /v1/einvoice-networks/peppol with the account's credentials (and `company_id` when given). */
export function connectPeppol(org: TestOrg, account: FakeRecommandAccount, companyId?: string) {
  return api("PUT", "/v1/einvoice-networks/peppol", {
    token: org.owner.key,
    body: {
      provider: "recommand",
      api_key_id: account.apiKeyId,
      api_secret: account.apiSecret,
      ...(companyId ? { company_id: companyId } : {}),
    },
  });
}

/** A Peppol Message Level Response (BIS MLR 3) to the message sent under `envelopeId`. */
export function messageResponse(envelopeId: string, code: "AB" | "AP" | "RE", description?: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:mlr:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:mlr:3</cbc:ProfileID>
  <cbc:ID>mlr-${envelopeId}</cbc:ID>
  <cbc:IssueDate>2025-01-10</cbc:IssueDate>
  <cac:SenderParty><cbc:EndpointID schemeID="0208">0123456749</cbc:EndpointID></cac:SenderParty>
  <cac:ReceiverParty><cbc:EndpointID schemeID="0208">0403170701</cbc:EndpointID></cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response>
      <cbc:ResponseCode>${code}</cbc:ResponseCode>${description ? `\n      <cbc:Description>${description}</cbc:Description>` : ""}
    </cac:Response>
    <cac:DocumentReference><cbc:ID>${envelopeId}</cbc:ID></cac:DocumentReference>
  </cac:DocumentResponse>
</ApplicationResponse>`;
}
