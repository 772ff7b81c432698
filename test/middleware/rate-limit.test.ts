import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { SPARSE_LEASE_TTL_MS } from "../../src/durable-objects/rate-limiter";
import type { Bindings } from "../../src/env";
import { setClockForTests } from "../../src/lib/clock";
import { ipBucket } from "../../src/middleware/rate-limit";
import { ADMIN_TOKEN, addMember, api, createOrg, expectError, tokenFor } from "../helpers/api";

/** Pins the worker's clock at a start close to real time; `at(ms)` moves it relative to that start. */
function pinnedClock() {
  const start = Date.now();
  let offset = 0;
  setClockForTests(() => new Date(start + offset));
  return {
    start,
    at(ms: number) {
      offset = ms;
    },
  };
}

/** `n` GET /v1/me with this token, `parallel` at a time; the statuses in order. */
async function hammer(token: string, n: number, parallel = 25): Promise<number[]> {
  const statuses: number[] = [];
  for (let done = 0; done < n; done += parallel) {
    const batch = Array.from({ length: Math.min(parallel, n - done) }, () => api("GET", "/v1/me", { token }));
    for (const res of await Promise.all(batch)) statuses.push(res.status);
  }
  return statuses;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

function expectRateHeaders(res: { headers: Headers }, limit: number, remaining: number) {
  expect(res.headers.get("X-RateLimit-Limit")).toBe(String(limit));
  expect(res.headers.get("X-RateLimit-Remaining")).toBe(String(remaining));
  expect(res.headers.get("X-RateLimit-Reset")).toMatch(/^\d{10}$/);
}

describe("rate limits per tier", () => {
  it("admits exactly 60 requests a minute on a starter key and answers the 61st 429", async () => {
    const org = await createOrg({ tier: "starter" });
    const clock = pinnedClock();
    for (let i = 1; i <= 60; i++) {
      const res = await api("GET", "/v1/me", { token: org.owner.key });
      expect(res.status).toBe(200);
      expectRateHeaders(res, 60, 60 - i);
      expect(res.headers.get("X-RateLimit-Reset")).toBe(String(Math.ceil((clock.start + 60_000) / 1000)));
    }
    const refused = await api("GET", "/v1/me", { token: org.owner.key });
    const error = expectError(refused, 429, "rate_limit_exceeded");
    expect(error.details).toMatchObject({ limit: 60, retry_after: 60 });
    expect(refused.headers.get("Retry-After")).toBe("60");
    expectRateHeaders(refused, 60, 0);
  });

  it("admits exactly 300 on a pro key and exactly 1000 on a business key", async () => {
    const clock = pinnedClock();
    for (const [tier, limit] of [
      ["pro", 300],
      ["business", 1000],
    ] as const) {
      const org = await createOrg({ tier });
      // All but the last 41 slots of the minute are leased first, as the deployment's other
      // isolates hold them under load (one lease from the organization's limiter); these requests
      // then take what is left: exactly 40 pass, the 41st is refused.
      const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`org:${org.organizationId}`));
      const elsewhere = await limiter.lease(limit, 60_000, clock.start, limit - 40);
      expect(elsewhere).toMatchObject({ allowed: true, extra: limit - 41, remaining: 40 });
      const statuses = await hammer(org.owner.key, 41);
      expect(count(statuses, 200)).toBe(40);
      expect(statuses.at(-1)).toBe(429);
      const refused = await api("GET", "/v1/me", { token: org.owner.key });
      expectError(refused, 429, "rate_limit_exceeded");
      expectRateHeaders(refused, limit, 0);
    }
  });

  it("frees a slot exactly one minute after the request that took it", async () => {
    const org = await createOrg({ tier: "starter" });
    const clock = pinnedClock();
    expect(count(await hammer(org.owner.key, 60), 200)).toBe(60);
    clock.at(59_999);
    expectError(await api("GET", "/v1/me", { token: org.owner.key }), 429, "rate_limit_exceeded");
    clock.at(60_000);
    const freed = await hammer(org.owner.key, 61, 1);
    expect(freed.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(freed[60]).toBe(429);
  });

  it("lets no 60-second span across a window edge admit more than the limit", async () => {
    const org = await createOrg({ tier: "starter" });
    const clock = pinnedClock();
    clock.at(10_000);
    expect(count(await hammer(org.owner.key, 30), 200)).toBe(30);
    clock.at(50_000);
    expect(count(await hammer(org.owner.key, 40), 200)).toBe(30);
    // A fixed minute window would start afresh at 60 s; the sliding log still holds the 30 from 50 s.
    clock.at(60_000);
    expectError(await api("GET", "/v1/me", { token: org.owner.key }), 429, "rate_limit_exceeded");
    clock.at(70_000);
    const afterEdge = await api("GET", "/v1/me", { token: org.owner.key });
    expectRateHeaders(afterEdge, 60, 29);
    expect(count(await hammer(org.owner.key, 40), 200)).toBe(29);
    // Retry-After points at the moment the 50 s requests leave the window.
    const refused = await api("GET", "/v1/me", { token: org.owner.key });
    expect(refused.headers.get("Retry-After")).toBe("40");
  });

  it("lets exactly 60 of 200 concurrent requests on a starter key through", async () => {
    const org = await createOrg({ tier: "starter" });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => api("GET", "/v1/me", { token: org.owner.key })),
    );
    expect(
      count(
        responses.map((r) => r.status),
        200,
      ),
    ).toBe(60);
    expect(
      count(
        responses.map((r) => r.status),
        429,
      ),
    ).toBe(140);
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => r.headers.get("X-RateLimit-Remaining"));
    expect(new Set(remaining).size).toBe(60);
  });

  it("takes a tier change into account on the next request", async () => {
    const org = await createOrg({ tier: "starter" });
    pinnedClock();
    expect(count(await hammer(org.owner.key, 61), 200)).toBe(60);
    const upgraded = await api("PATCH", `/v1/admin/organizations/${org.organizationId}`, {
      token: ADMIN_TOKEN,
      body: { tier: "pro" },
    });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    const res = await api("GET", "/v1/me", { token: org.owner.key });
    expect(res.status).toBe(200);
    expectRateHeaders(res, 300, 239);
  });
});

describe("leased budgets", () => {
  /** The app over the real limiter, counting the RPCs that reach it. */
  function countedApp() {
    const real = env.RATE_LIMITER;
    const rpcs = { lease: 0, hit: 0 };
    const limiter = {
      idFromName: (name: string) => real.idFromName(name),
      get: (id: DurableObjectId) => {
        const stub = real.get(id);
        return {
          lease: (...args: Parameters<typeof stub.lease>) => {
            rpcs.lease++;
            return stub.lease(...args);
          },
          hit: (...args: Parameters<typeof stub.hit>) => {
            rpcs.hit++;
            return stub.hit(...args);
          },
        };
      },
    } as unknown as Bindings["RATE_LIMITER"];
    const app = createApp();
    const get = async (token: string) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request("http://api.test/v1/me", { headers: { Authorization: `Bearer ${token}` } }),
        { ...env, RATE_LIMITER: limiter },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    return { get, rpcs };
  }

  it("goes to the limiter once per lease of 6 on a starter key, with exact headers and the 61st refused", async () => {
    const org = await createOrg({ tier: "starter" });
    const clock = pinnedClock();
    const { get, rpcs } = countedApp();
    for (let i = 1; i <= 60; i++) {
      const res = await get(org.owner.key);
      expect(res.status).toBe(200);
      expectRateHeaders(res, 60, 60 - i);
    }
    expect(rpcs).toEqual({ lease: 10, hit: 0 });
    const refused = await get(org.owner.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expectRateHeaders(refused, 60, 0);
    expect(await refused.json()).toMatchObject({
      success: false,
      error: { code: "rate_limit_exceeded", details: { limit: 60, retry_after: 60 } },
    });
    // A lease to a subject using at most a quarter of its limit lives SPARSE_LEASE_TTL_MS: after
    // that the next request goes back to the limiter.
    clock.at(60_000);
    expectRateHeaders(await get(org.owner.key), 60, 59);
    const before = rpcs.lease;
    clock.at(60_000 + SPARSE_LEASE_TTL_MS - 1);
    expectRateHeaders(await get(org.owner.key), 60, 58);
    expect(rpcs.lease).toBe(before);
    clock.at(60_000 + SPARSE_LEASE_TTL_MS);
    expectRateHeaders(await get(org.owner.key), 60, 57);
    expect(rpcs.lease).toBe(before + 1);
  });
});

describe("rate limit subjects", () => {
  it("shares one budget between all API keys of an organization", async () => {
    const org = await createOrg({ tier: "starter" });
    const secondKey = await api("POST", "/v1/api-keys", { token: org.owner.key, body: { name: "second" } });
    expect(secondKey.status, JSON.stringify(secondKey.body)).toBe(201);
    const member = await addMember(org);
    pinnedClock();
    // Minting the key and adding the member took 2 of the 60; 57 more over two keys leave 1.
    const owner = await hammer(org.owner.key, 29);
    const second = await hammer(secondKey.body.key, 28);
    expect([...owner, ...second].every((s) => s === 200)).toBe(true);
    const memberRes = await api("GET", "/v1/me", { token: member.key });
    expect(memberRes.status).toBe(200);
    expectRateHeaders(memberRes, 60, 0);
    const refused = await api("GET", "/v1/me", { token: secondKey.body.key });
    expectError(refused, 429, "rate_limit_exceeded");
    expectRateHeaders(refused, 60, 0);
    expectError(await api("GET", "/v1/me", { token: org.owner.key }), 429, "rate_limit_exceeded");
  });

  it("answers the 61st request over two fresh keys 429", async () => {
    const org = await createOrg({ tier: "starter" });
    pinnedClock();
    const minted = await api("POST", "/v1/api-keys", { token: org.owner.key, body: { name: "extra" } });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201); // 1 of 60
    const statuses = [...(await hammer(org.owner.key, 30, 1)), ...(await hammer(minted.body.key, 29, 1))];
    expect(count(statuses, 200)).toBe(59);
    expectError(await api("GET", "/v1/me", { token: minted.body.key }), 429, "rate_limit_exceeded");
  });

  it("counts a JWT in its organization's budget, with the API keys", async () => {
    const org = await createOrg({ tier: "starter" });
    const token = await tokenFor(org.owner.key); // 1 of 60
    pinnedClock();
    expect(count(await hammer(org.owner.key, 40), 200)).toBe(40);
    const jwt = await api("GET", "/v1/me", { token });
    expect(jwt.status).toBe(200);
    expectRateHeaders(jwt, 60, 18);
    expect(count(await hammer(token, 30), 200)).toBe(18);
    expectError(await api("GET", "/v1/me", { token: org.owner.key }), 429, "rate_limit_exceeded");
  });

  it("leaves another organization's budget untouched", async () => {
    const spent = await createOrg({ tier: "starter" });
    const other = await createOrg({ tier: "starter" });
    pinnedClock();
    expect(count(await hammer(spent.owner.key, 61), 200)).toBe(60);
    const res = await api("GET", "/v1/me", { token: other.owner.key });
    expect(res.status).toBe(200);
    expectRateHeaders(res, 60, 59);
  });

  it("counts unauthenticated and failed-auth requests per client IP at the starter rate", async () => {
    pinnedClock();
    const ip = "198.51.100.7";
    const headers = { "CF-Connecting-IP": ip };
    const anonymous = await Promise.all(Array.from({ length: 30 }, () => api("GET", "/v1/me", { headers })));
    const badKey = await Promise.all(
      Array.from({ length: 30 }, () => api("GET", "/v1/me", { headers, token: "sk_not_a_key" })),
    );
    expect([...anonymous, ...badKey].every((r) => r.status === 401)).toBe(true);
    const refused = await api("GET", "/health", { headers });
    expectError(refused, 429, "rate_limit_exceeded");
    expectRateHeaders(refused, 60, 0);
    // Another address has its own budget.
    const elsewhere = await api("GET", "/health", { headers: { "CF-Connecting-IP": "198.51.100.8" } });
    expect(elsewhere.status).toBe(200);
    expectRateHeaders(elsewhere, 60, 59);
  });

  it("counts IPv6 clients per /64 prefix, however the address is spelled", async () => {
    pinnedClock();
    const random = () => crypto.getRandomValues(new Uint16Array(1))[0]!;
    const [third, fourth] = [random(), random()];
    const prefix = `2001:db8:${third.toString(16)}:${fourth.toString(16)}`;
    // 60 different addresses of one /64, in compressed, expanded and upper-case spellings.
    const spellings = (i: number) =>
      [
        `${prefix}::${i.toString(16)}`,
        `${prefix}:0:0:0:${i.toString(16)}`,
        `${prefix.toUpperCase()}:ffff:0:${i.toString(16)}:1`,
      ][i % 3] as string;
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api("GET", "/health", { headers: { "CF-Connecting-IP": spellings(i) } }),
      ),
    );
    expect(statuses.every((r) => r.status === 200)).toBe(true);
    const sameSlash64 = await api("GET", "/health", {
      headers: { "CF-Connecting-IP": `${prefix}:dead:beef:1:2` },
    });
    expectError(sameSlash64, 429, "rate_limit_exceeded");
    // The neighbouring /64 has its own budget.
    const neighbour = await api("GET", "/health", {
      headers: { "CF-Connecting-IP": `2001:db8:${third.toString(16)}:${(fourth ^ 1).toString(16)}::1` },
    });
    expect(neighbour.status).toBe(200);
    expectRateHeaders(neighbour, 60, 59);
  });

  it.each([
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0DB8:0000:0000:ffff:0000:0000:0001", "2001:db8:0:0::/64"],
    ["[2001:db8:a:b:c:d:e:f]", "2001:db8:a:b::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8:1:2:3:4:1.2.3.4", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["198.51.100.7", "198.51.100.7"],
    ["local", "local"],
    ["1:2:3:4::5:6:7:8", "1:2:3:4::5:6:7:8"],
    // Malformed: an IPv4 piece is only allowed at the end, groups have at most four digits.
    ["1.2.3.4:1::", "1.2.3.4:1::"],
    ["00001::1", "00001::1"],
  ])("buckets %s as %s", (ip, bucket) => {
    expect(ipBucket(ip)).toBe(bucket);
  });

  it("falls back to the first X-Forwarded-For hop without CF-Connecting-IP", async () => {
    pinnedClock();
    const headers = { "CF-Connecting-IP": "", "X-Forwarded-For": "203.0.113.9, 10.0.0.1" };
    const first = await api("GET", "/health", { headers });
    expectRateHeaders(first, 60, 59);
    const second = await api("GET", "/health", { headers: { ...headers, "X-Forwarded-For": "203.0.113.9" } });
    expectRateHeaders(second, 60, 58);
  });

  it("counts the admin token at the business rate", async () => {
    const res = await api("GET", "/v1/me", { token: ADMIN_TOKEN });
    expect(res.status).toBe(401); // outside /v1/admin/* the admin token is no credential: per IP
    expectRateHeaders(res, 60, 59);
    const admin = await api("PATCH", "/v1/admin/organizations/org_missing", {
      token: ADMIN_TOKEN,
      body: { tier: "pro" },
    });
    expect(admin.headers.get("X-RateLimit-Limit")).toBe("1000");
  });
});

describe("rate limit headers on every response", () => {
  it("sets them on 200, 401, 404 and unknown routes", async () => {
    const org = await createOrg({ tier: "pro" });
    const ok = await api("GET", "/v1/me", { token: org.owner.key });
    expect(ok.status).toBe(200);
    expectRateHeaders(ok, 300, 299);

    const unauthorized = await api("GET", "/v1/me", { headers: { "CF-Connecting-IP": "198.51.100.20" } });
    expectError(unauthorized, 401, "unauthorized");
    expectRateHeaders(unauthorized, 60, 59);

    const missing = await api("DELETE", "/v1/api-keys/key_missing", { token: org.owner.key });
    expectError(missing, 404, "not_found");
    expectRateHeaders(missing, 300, 298);

    const noRoute = await api("GET", "/v1/nothing-here", { token: org.owner.key });
    expectError(noRoute, 404, "not_found");
    expectRateHeaders(noRoute, 300, 297);

    const invalid = await api("POST", "/v1/members", { token: org.owner.key, body: { email: "nope" } });
    expect(invalid.status).toBe(422);
    expectRateHeaders(invalid, 300, 296);
  });

  it("sets them on a replayed idempotent response, with the current counts", async () => {
    const org = await createOrg({ tier: "pro" });
    const request = {
      token: org.owner.key,
      headers: { "Idempotency-Key": `rl-${Date.now()}` },
      body: { email: `replay-${Date.now()}@example.com`, role: "member", name: "Replay" },
    };
    const first = await api("POST", "/v1/members", request);
    expect(first.status).toBe(201);
    expectRateHeaders(first, 300, 299);
    const replay = await api("POST", "/v1/members", request);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expectRateHeaders(replay, 300, 298);
  });

  it("lists 429 with Retry-After in the OpenAPI document", async () => {
    const doc = await api("GET", "/openapi.json");
    const me = doc.body.paths["/v1/me"].get;
    expect(me.responses["429"].headers).toHaveProperty("Retry-After");
    expect(me.responses["200"].headers ?? me.responses["429"].headers).toHaveProperty("X-RateLimit-Limit");
  });
});
