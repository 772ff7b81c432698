// Connecting an organization to Peppol through Recommand (PUT|GET|DELETE
// /v1/einvoice-networks/peppol), against the fake Recommand on loopback: the company registered
// from the billing profile or checked, the webhook registered under a sealed token, the key never
// answered, the provider's refusals and failures as the API's errors, and the key rotation.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { rewrapNetworkSecrets } from "../../src/services/einvoice-networks/accounts";
import { addMember, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of, dbOf } from "../helpers/db";
import { connectPeppol, FakeRecommandAccount, useFakeRecommand } from "../helpers/recommand";

useFakeRecommand();

/** A Belgian seller, its enterprise number stated under the ICD scheme 0208. */
const BELGIAN_SELLER = {
  legal_name: "Acme BV",
  address: { line1: "Rue de la Loi 16", line2: "Bus 3", city: "Brussel", postal_code: "1000", country: "BE" },
  vat_id: "BE0403170701",
  company_id: "0403170701",
  company_id_scheme: "0208",
  email: "billing@acme.example",
  phone: "+32 2 123 45 67",
};

async function belgianOrg(profile: Record<string, unknown> = BELGIAN_SELLER): Promise<TestOrg> {
  const org = await createOrg({ currency: "EUR", name: "Acme" });
  const res = await api("PATCH", "/v1/organization", { token: org.owner.key, body: profile });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return org;
}

const getConnection = (org: TestOrg, key = org.owner.key) =>
  api("GET", "/v1/einvoice-networks/peppol", { token: key });

const storedRow = async (org: TestOrg) =>
  (await d1Of(org.organizationId))
    .prepare("SELECT * FROM einvoice_networks WHERE organization_id = ?")
    .bind(org.organizationId)
    .first<Record<string, string | null>>();

describe("connecting Peppol: PUT|GET|DELETE /v1/einvoice-networks/peppol", () => {
  it("registers the organization from its billing profile and the webhook, under Basic auth", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    const before = await getConnection(org);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      provider: "recommand",
      connected: false,
      company_id: null,
      participant_id: null,
      webhook_url: null,
      last_inbox_sync_at: null,
      created_at: null,
      updated_at: null,
    });

    const put = await connectPeppol(org, account);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const [company] = await account.companies();
    expect(put.body).toMatchObject({
      provider: "recommand",
      connected: true,
      company_id: company?.id,
      participant_id: "0208:0403170701",
      last_inbox_sync_at: null,
    });
    const webhookUrl = put.body.webhook_url as string;
    expect(webhookUrl).toMatch(
      new RegExp(`^http://api\\.test/hooks/peppol/${org.organizationId}\\?token=[A-Za-z0-9_-]{43}$`),
    );

    const requests = await account.requests();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/v1/companies",
      "POST /api/v1/webhooks",
    ]);
    expect(new Set(requests.map((r) => r.authorization))).toEqual(new Set([account.authorization]));
    expect(JSON.parse(requests[0]!.body)).toEqual({
      name: "Acme BV",
      address: "Rue de la Loi 16, Bus 3",
      postalCode: "1000",
      city: "Brussel",
      country: "BE",
      vatNumber: "BE0403170701",
      enterpriseNumberScheme: "0208",
      enterpriseNumber: "0403170701",
      email: "billing@acme.example",
      phone: "+32 2 123 45 67",
    });
    expect(JSON.parse(requests[1]!.body)).toEqual({ url: webhookUrl, companyId: company?.id });
    expect(await account.webhooks()).toEqual([
      expect.objectContaining({ url: webhookUrl, companyId: company?.id }),
    ]);

    const got = await getConnection(org);
    expect(got.body).toEqual(put.body);
    for (const answer of [put.body, got.body]) {
      expect(JSON.stringify(answer)).not.toContain(account.apiKeyId);
      expect(JSON.stringify(answer)).not.toContain(account.apiSecret);
    }
    const row = await storedRow(org);
    expect(row).toMatchObject({ provider: "recommand", company_id: company?.id, secret_version: "v1" });
    const token = new URL(webhookUrl).searchParams.get("token") as string;
    for (const secret of [account.apiKeyId, account.apiSecret, token]) {
      expect(JSON.stringify(row)).not.toContain(secret);
    }
  });

  it("checks a given company_id with the key and registers no company", async () => {
    const registered = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    expect((await connectPeppol(registered, account)).status).toBe(200);
    const [company] = await account.companies();
    const org = await belgianOrg({ legal_name: "Bare BV" });

    const put = await connectPeppol(org, account, company?.id as string);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ company_id: company?.id, participant_id: "0208:0403170701" });
    expect(await account.companies()).toHaveLength(1);
    expect((await account.requests()).slice(2).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v1/companies/${company?.id}`,
      "POST /api/v1/webhooks",
    ]);

    const unknown = expectError(await connectPeppol(org, account, "c_not_mine"), 422, "validation_error");
    expect(unknown.details).toEqual({ company_id: expect.stringContaining("c_not_mine") });
  });

  it("answers 422 naming the provider's answer for a wrong key, and stores nothing", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    const res = await api("PUT", "/v1/einvoice-networks/peppol", {
      token: org.owner.key,
      body: { provider: "recommand", api_key_id: account.apiKeyId, api_secret: "wrong-secret" },
    });
    const error = expectError(res, 422, "validation_error");
    expect(error.message).toBe("Recommand refused the API key (401): Unauthorized");
    expect(error.details).toEqual({ api_key_id: error.message, api_secret: error.message });
    expect(await storedRow(org)).toBeNull();
  });

  it("names the organization fields a registration lacks, before asking the provider", async () => {
    const org = await belgianOrg({ legal_name: "Bare BV", address: { line1: "Main 1", country: "BE" } });
    const account = await FakeRecommandAccount.open();
    const error = expectError(await connectPeppol(org, account), 422, "validation_error");
    expect(Object.keys(error.details ?? {}).sort()).toEqual([
      "organization.address.city",
      "organization.address.postal_code",
    ]);
    expect(await account.requests()).toEqual([]);
  });

  it("answers 422 naming the organization fields the provider refused to register", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    await account.fail({
      path: "/api/v1/companies",
      status: 400,
      body: { success: false, errors: { root: ["Invalid request data"], vatNumber: ["Invalid VAT number"] } },
    });
    const error = expectError(await connectPeppol(org, account), 422, "validation_error");
    expect(error.message).toContain("Invalid request data");
    expect(error.details).toEqual({ "organization.vat_id": "Invalid VAT number" });
  });

  it("answers 502 network_provider_error when the provider fails or cannot be reached, and stores nothing", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    await account.fail({ path: "/api/v1/companies", status: 503 });
    const failed = expectError(await connectPeppol(org, account), 502, "network_provider_error");
    expect(failed.details).toMatchObject({ provider: "recommand", provider_status: 503 });
    await account.fail({ path: "/api/v1/webhooks", drop: true });
    expectError(await connectPeppol(org, account), 502, "network_provider_error");
    expect(await storedRow(org)).toBeNull();
  });

  it("replaces a connection: a new token, the old webhook deleted at the provider", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    const first = (await connectPeppol(org, account)).body;
    const [company] = await account.companies();
    const [oldHook] = await account.webhooks();
    const second = await connectPeppol(org, account, company?.id as string);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.webhook_url).not.toBe(first.webhook_url);
    expect(second.body.created_at).toBe(first.created_at);
    const hooks = await account.webhooks();
    expect(hooks.map((h) => h.url)).toEqual([second.body.webhook_url]);
    expect((await account.requests()).map((r) => `${r.method} ${r.path}`)).toContain(
      `DELETE /api/v1/webhooks/${oldHook?.id}`,
    );
    expect((await getConnection(org)).body).toEqual(second.body);
  });

  it("reuses the connected company on a PUT without company_id: a new key registers no second company", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    const first = (await connectPeppol(org, account)).body;
    const rotated = await account.newKey();
    const second = await connectPeppol(org, rotated);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.company_id).toBe(first.company_id);
    expect(second.body.participant_id).toBe(first.participant_id);
    expect(await account.companies()).toHaveLength(1);
    expect((await account.webhooks()).map((h) => h.url)).toEqual([second.body.webhook_url]);

    // A key of another team cannot see that company: the organization is registered there.
    const other = await FakeRecommandAccount.open();
    const third = await connectPeppol(org, other);
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(third.body.company_id).not.toBe(first.company_id);
    expect(await other.companies()).toHaveLength(1);
  });

  it("keeps the new connection when the old webhook cannot be deleted", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    await connectPeppol(org, account);
    const [company] = await account.companies();
    await account.fail({ method: "DELETE", path: "/api/v1/webhooks/", status: 503 });
    const second = await connectPeppol(org, account, company?.id as string);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await account.webhooks()).toHaveLength(2);
    expect((await storedRow(org))?.webhook_id).toBe((await account.webhooks())[1]?.id);
  });

  it("disconnects: the webhook deleted at the provider, the row gone, 404 the second time", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    await connectPeppol(org, account);
    const del = await api("DELETE", "/v1/einvoice-networks/peppol", { token: org.owner.key });
    expect(del.status).toBe(204);
    expect(await account.webhooks()).toEqual([]);
    expect(await storedRow(org)).toBeNull();
    expect((await getConnection(org)).body).toMatchObject({ connected: false, webhook_url: null });
    expectError(
      await api("DELETE", "/v1/einvoice-networks/peppol", { token: org.owner.key }),
      404,
      "not_found",
    );
  });

  it("is for owners and admins (403 for a member) and refuses bodies out of bounds (422)", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    const member = await addMember(org, "member");
    expectError(await getConnection(org, member.key), 403, "access_denied");
    expectError(
      await api("PUT", "/v1/einvoice-networks/peppol", {
        token: member.key,
        body: { provider: "recommand", api_key_id: account.apiKeyId, api_secret: account.apiSecret },
      }),
      403,
      "access_denied",
    );
    expectError(
      await api("DELETE", "/v1/einvoice-networks/peppol", { token: member.key }),
      403,
      "access_denied",
    );
    const bad = expectError(
      await api("PUT", "/v1/einvoice-networks/peppol", {
        token: org.owner.key,
        body: { provider: "storecove", api_key_id: "a:b", api_secret: "x".repeat(513), extra: 1 },
      }),
      422,
      "validation_error",
    );
    expect(Object.keys(bad.details ?? {}).sort()).toEqual(["api_key_id", "api_secret", "extra", "provider"]);
    expect(await account.requests()).toEqual([]);
    const admin = await addMember(org, "admin");
    const put = await api("PUT", "/v1/einvoice-networks/peppol", {
      token: admin.key,
      body: { provider: "recommand", api_key_id: account.apiKeyId, api_secret: account.apiSecret },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });
});

describe("master key rotation of the connection's secrets", () => {
  const V1 = env.MASTER_KEY as string;
  const V2 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
  const keyring = JSON.stringify({ v1: V1, v2: V2 });

  afterEach(() => {
    Object.assign(env, { MASTER_KEYS: undefined, MASTER_KEY_VERSION: undefined });
  });

  it("reseals the key and the token under the new version; the connection still opens", async () => {
    const org = await belgianOrg();
    const account = await FakeRecommandAccount.open();
    const put = (await connectPeppol(org, account)).body;
    const before = await storedRow(org);
    expect(before?.secret_version).toBe("v1");

    Object.assign(env, { MASTER_KEYS: keyring, MASTER_KEY_VERSION: "v2" });
    const result = await rewrapNetworkSecrets(await dbOf(org.organizationId), env);
    expect(result).toMatchObject({ version: "v2", failed: 0, remaining: 0 });
    expect(result.rewrapped).toBeGreaterThan(0);
    const after = await storedRow(org);
    expect(after?.secret_version).toBe("v2");
    expect(after?.api_secret).not.toBe(before?.api_secret);
    expect((await getConnection(org)).body).toEqual(put);

    // Back to v1 (the file's other connections too), so the suite's fixed key opens them all.
    Object.assign(env, { MASTER_KEYS: keyring, MASTER_KEY_VERSION: "v1" });
    expect(await rewrapNetworkSecrets(await dbOf(org.organizationId), env)).toMatchObject({
      failed: 0,
      remaining: 0,
    });
    expect((await storedRow(org))?.secret_version).toBe("v1");
  });
});
