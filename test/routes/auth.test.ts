import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signJwt } from "../../src/crypto/jwt";
import { setClockForTests } from "../../src/lib/clock";
import { toBase64Url, utf8 } from "../../src/lib/encoding";
import { addMember, api, createOrg, expectError, tokenFor } from "../helpers/api";

const SECRET = "test-jwt-secret-0123456789abcdef0123456789abcdef";
const b64json = (value: unknown) => toBase64Url(utf8(JSON.stringify(value)));

async function hmac(body: string, secret = SECRET): Promise<string> {
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8(body))));
}

/** The id of the owner's first API key, which tokens name as `kid`. */
async function ownerKeyId(org: { owner: { key: string } }): Promise<string> {
  const keys = await api("GET", "/v1/api-keys", { token: org.owner.key });
  return keys.body.data.find((k: { prefix: string }) => org.owner.key.startsWith(k.prefix)).id;
}

function claimsFor(
  user: { id: string },
  organizationId: string,
  kid: string,
  overrides: Record<string, unknown> = {},
) {
  const iat = Math.floor(Date.now() / 1000);
  return {
    sub: user.id,
    kid,
    org: organizationId,
    email: "x@example.com",
    role: "owner",
    iat,
    exp: iat + 600,
    iss: "invoicing-api",
    aud: "invoicing-api",
    ...overrides,
  };
}

describe("401 unauthorized", () => {
  it("answers 401 without an Authorization header", async () => {
    const error = expectError(await api("GET", "/v1/me"), 401, "unauthorized");
    expect(error.message).toMatch(/Missing Authorization/);
  });

  it("answers 401 for a scheme other than Bearer", async () => {
    const res = await api("GET", "/v1/me", { headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expectError(res, 401, "unauthorized");
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  });

  it("answers 401 for an unknown API key of the right shape", async () => {
    const org = await createOrg();
    const forged = `${org.owner.key.slice(0, 16)}${"A".repeat(43)}`;
    expectError(await api("GET", "/v1/me", { token: forged }), 401, "unauthorized");
    expectError(await api("GET", "/v1/me", { token: "sk_garbage" }), 401, "unauthorized");
  });

  it("answers 401 for a revoked key, and the revocation is visible in the list", async () => {
    const org = await createOrg();
    const created = await api("POST", "/v1/api-keys", { token: org.owner.key, body: { name: "ci" } });
    expect(created.status).toBe(201);
    expect((await api("GET", "/v1/me", { token: created.body.key })).status).toBe(200);
    expect((await api("DELETE", `/v1/api-keys/${created.body.id}`, { token: org.owner.key })).status).toBe(
      204,
    );
    expectError(await api("GET", "/v1/me", { token: created.body.key }), 401, "unauthorized");
    const list = await api("GET", "/v1/api-keys", { token: org.owner.key });
    const row = list.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(row.revoked_at).toEqual(expect.any(String));
  });

  it("answers 401 for an expired JWT", async () => {
    const org = await createOrg();
    const token = await tokenFor(org.owner.key);
    setClockForTests(() => new Date(Date.now() + 3600_000 + 1000));
    expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
  });

  it("answers 401 for a JWT once the API key it was minted from is revoked", async () => {
    const org = await createOrg();
    const created = await api("POST", "/v1/api-keys", { token: org.owner.key, body: { name: "laptop" } });
    const token = await tokenFor(created.body.key);
    expect((await api("GET", "/v1/me", { token })).status).toBe(200);
    expect((await api("DELETE", `/v1/api-keys/${created.body.id}`, { token: org.owner.key })).status).toBe(
      204,
    );
    expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
  });

  it("answers 401 for a JWT without kid", async () => {
    const org = await createOrg();
    const { kid: _kid, ...claims } = claimsFor(org.owner, org.organizationId, "x");
    const body = `${b64json({ alg: "HS256", typ: "JWT" })}.${b64json(claims)}`;
    expectError(await api("GET", "/v1/me", { token: `${body}.${await hmac(body)}` }), 401, "unauthorized");
  });

  it("answers 401 for a JWT signed with another secret", async () => {
    const org = await createOrg();
    const token = await signJwt(
      claimsFor(org.owner, org.organizationId, await ownerKeyId(org)),
      "some-other-secret",
    );
    expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
  });

  it("answers 401 for alg none", async () => {
    const org = await createOrg();
    const token = `${b64json({ alg: "none", typ: "JWT" })}.${b64json(claimsFor(org.owner, org.organizationId, await ownerKeyId(org)))}.`;
    expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
  });

  it("answers 401 for a correctly signed JWT naming another algorithm", async () => {
    const org = await createOrg();
    const body = `${b64json({ alg: "HS512", typ: "JWT" })}.${b64json(claimsFor(org.owner, org.organizationId, await ownerKeyId(org)))}`;
    expectError(await api("GET", "/v1/me", { token: `${body}.${await hmac(body)}` }), 401, "unauthorized");
  });

  it("answers 401 for a JWT without exp", async () => {
    const org = await createOrg();
    const { exp: _exp, ...claims } = claimsFor(org.owner, org.organizationId, await ownerKeyId(org));
    const body = `${b64json({ alg: "HS256", typ: "JWT" })}.${b64json(claims)}`;
    expectError(await api("GET", "/v1/me", { token: `${body}.${await hmac(body)}` }), 401, "unauthorized");
  });

  it("answers 401 for a wrong issuer or audience", async () => {
    const org = await createOrg();
    for (const override of [{ iss: "someone-else" }, { aud: "another-api" }]) {
      const token = await signJwt(
        claimsFor(org.owner, org.organizationId, await ownerKeyId(org), override),
        SECRET,
      );
      expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
    }
  });

  it("accepts a well-formed token it signed itself (control for the cases above)", async () => {
    const org = await createOrg();
    const token = await signJwt(claimsFor(org.owner, org.organizationId, await ownerKeyId(org)), SECRET);
    expect((await api("GET", "/v1/me", { token })).status).toBe(200);
  });

  it("answers 401 for a token naming a user of another organization", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const token = await signJwt(claimsFor(a.owner, b.organizationId, await ownerKeyId(a)), SECRET);
    expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
  });

  it("does not accept an API key as the admin token, nor the admin token as an API key", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/admin/organizations", {
      token: org.owner.key,
      body: { name: "x", owner: { email: "x@example.com" } },
    });
    expectError(res, 401, "unauthorized");
    expectError(await api("GET", "/v1/me", { token: "test-admin-token" }), 401, "unauthorized");
  });
});

describe("roles and tenancy", () => {
  it("answers 403 when a member creates an API key or a member", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    expectError(await api("POST", "/v1/api-keys", { token: member.key, body: {} }), 403, "access_denied");
    expectError(
      await api("POST", "/v1/members", {
        token: member.key,
        body: { email: "n@example.com", role: "member" },
      }),
      403,
      "access_denied",
    );
  });

  it("lets an admin create keys and members", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const key = await api("POST", "/v1/api-keys", { token: admin.key });
    expect(key.status).toBe(201);
    expect(key.body).toMatchObject({
      id: expect.any(String),
      key: expect.stringMatching(/^sk_/),
      prefix: expect.any(String),
    });
    expect(key.body.key.startsWith(key.body.prefix)).toBe(true);
  });

  it("lets an admin revoke a member's key but not the owner's", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const member = await addMember(org, "member");
    const keys = (await api("GET", "/v1/api-keys?limit=100", { token: org.owner.key })).body.data as Array<{
      id: string;
      user_id: string;
    }>;
    const ownerKey = keys.find((k) => k.user_id === org.owner.id)!;
    const memberKey = keys.find((k) => k.user_id === member.id)!;
    expectError(
      await api("DELETE", `/v1/api-keys/${ownerKey.id}`, { token: admin.key }),
      403,
      "access_denied",
    );
    expect((await api("GET", "/v1/me", { token: org.owner.key })).status).toBe(200);
    expect((await api("DELETE", `/v1/api-keys/${memberKey.id}`, { token: admin.key })).status).toBe(204);
    expectError(await api("GET", "/v1/me", { token: member.key }), 401, "unauthorized");
  });

  it("answers 404 for another organization's API key", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const created = await api("POST", "/v1/api-keys", { token: b.owner.key, body: {} });
    expectError(
      await api("DELETE", `/v1/api-keys/${created.body.id}`, { token: a.owner.key }),
      404,
      "not_found",
    );
    expect((await api("GET", "/v1/me", { token: created.body.key })).status).toBe(200);
  });

  it("lists only the caller's organization's members", async () => {
    const a = await createOrg();
    const b = await createOrg();
    await addMember(b);
    const list = await api("GET", "/v1/members", { token: a.owner.key });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: 1, limit: 20, offset: 0 });
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual([a.owner.id]);
  });

  it("refuses a second account with the same e-mail, whatever its case", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: org.owner.email.toUpperCase(), role: "member" },
    });
    expect(expectError(res, 409, "conflict").details).toEqual({ reason: "email_taken" });
  });

  it("refuses the e-mail of a member the directory has no claim for: the database's unique index", async () => {
    const org = await createOrg();
    // As for a member written before the directory knew e-mails: only the users table holds it.
    await env.DB.prepare("DELETE FROM directory_entries WHERE kind = 'user_email' AND key = ?")
      .bind(org.owner.email.toLowerCase())
      .run();
    const res = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: org.owner.email, role: "member" },
    });
    expect(expectError(res, 409, "conflict").details).toEqual({ reason: "email_taken" });
    // The claim this request took is given back: the e-mail is still the owner's alone.
    const claims = await env.DB.prepare(
      "SELECT count(*) AS n FROM directory_entries WHERE kind = 'user_email' AND key = ?",
    )
      .bind(org.owner.email.toLowerCase())
      .first<{ n: number }>();
    expect(claims?.n).toBe(0);
    const members = await api("GET", "/v1/members", { token: org.owner.key });
    expect(members.body.meta.total).toBe(1);
  });

  it("never lists the key itself and never stores it in plain", async () => {
    const org = await createOrg();
    const list = await api("GET", "/v1/api-keys", { token: org.owner.key });
    expect(JSON.stringify(list.body)).not.toContain(org.owner.key);
    expect(list.body.data[0]).not.toHaveProperty("key");
    expect(list.body.data[0]).not.toHaveProperty("key_hash");
  });

  it("records last_used_at when a key is used", async () => {
    const org = await createOrg();
    await api("GET", "/v1/me", { token: org.owner.key });
    // The write happens after the response (waitUntil), so poll briefly.
    await expect
      .poll(
        async () => (await api("GET", "/v1/api-keys", { token: org.owner.key })).body.data[0].last_used_at,
        {
          timeout: 2000,
        },
      )
      .toEqual(expect.any(String));
  });

  it("refuses to mint a token from a token", async () => {
    const org = await createOrg();
    const token = await tokenFor(org.owner.key);
    expectError(await api("POST", "/v1/auth/token", { token }), 403, "access_denied");
  });
});
