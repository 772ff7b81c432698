// Webhook signing secrets at rest: sealed under the master key in D1, legacy plaintext rows
// still signing, and a master key rotation rewrapping them while deliveries keep verifying.
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runScheduled } from "../../src/cron";
import { masterKeySet } from "../../src/crypto/document-keys";
import { openWebhookSecret, sealWebhookSecret } from "../../src/crypto/webhook-secrets";
import { createDb } from "../../src/db/client";
import { deliverEvents } from "../../src/services/webhooks/delivery";
import { rewrapWebhookSecrets } from "../../src/services/webhooks/secrets";
import { ADMIN_TOKEN, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { createWebhook, deliveriesOfEvent, emitCustomerEvent, mockReceiver, ok } from "./helpers";

const V1 = env.MASTER_KEY!;
const V2 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
const rotatedToV2 = { ...env, MASTER_KEYS: JSON.stringify({ v1: V1, v2: V2 }), MASTER_KEY_VERSION: "v2" };
const backToV1 = { ...env, MASTER_KEYS: JSON.stringify({ v1: V1, v2: V2 }), MASTER_KEY_VERSION: "v1" };

afterEach(() => vi.restoreAllMocks());

interface EndpointColumns {
  id: string;
  secret: string;
  previous_secret: string | null;
  secret_key_version: string | null;
}

async function storedRow(id: string): Promise<EndpointColumns> {
  const [row] = await selectOnEveryTenant<EndpointColumns>(
    "SELECT id, secret, previous_secret, secret_key_version FROM webhook_endpoints WHERE id = ?",
    id,
  );
  if (!row) throw new Error(`no endpoint ${id}`);
  return row;
}

/** Neither the `whsec_` secret nor its base64 key part appears anywhere in the row. */
function expectNoPlaintext(row: EndpointColumns, secret: string) {
  const text = JSON.stringify(row);
  expect(text).not.toContain(secret);
  expect(text).not.toContain(secret.slice("whsec_".length));
}

/** Emits one event, delivers it with `bindings` and answers the receiver's call (if any). */
async function deliverOne(org: TestOrg, bindings: typeof env = env) {
  const calls = mockReceiver(() => ok());
  const eventId = await emitCustomerEvent(org.organizationId);
  await deliverEvents(bindings, [eventId]);
  vi.restoreAllMocks();
  return { call: calls[0], eventId };
}

function expectVerifies(call: Awaited<ReturnType<typeof deliverOne>>["call"], secret: string) {
  if (!call) throw new Error("no call");
  expect(new Webhook(secret).verify(call.body, call.headers)).toMatchObject({ type: "customer.created" });
}

describe("webhook secrets at rest", () => {
  it("stores the secret sealed under the master key, never its plaintext, and still signs with it", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    const row = await storedRow(hook.id);
    expect(row.secret_key_version).toBe("v1");
    expect(row.previous_secret).toBeNull();
    expectNoPlaintext(row, hook.secret);
    expectVerifies((await deliverOne(org)).call, hook.secret);

    const rotated = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, { token: org.owner.key });
    expect(rotated.status).toBe(200);
    const after = await storedRow(hook.id);
    expect(after.secret_key_version).toBe("v1");
    expect(after.previous_secret).not.toBeNull();
    expectNoPlaintext(after, rotated.body.secret);
    expectNoPlaintext(after, hook.secret);
    // During the rotation both secrets sign.
    const { call } = await deliverOne(org);
    expectVerifies(call, rotated.body.secret);
    expectVerifies(call, hook.secret);
  });

  it("binds a sealed secret to its endpoint id (additional data)", async () => {
    const keys = masterKeySet(env);
    const { sealed, version } = await sealWebhookSecret(keys, "we_a", "whsec_c2VjcmV0");
    expect(await openWebhookSecret(keys, version, "we_a", sealed)).toBe("whsec_c2VjcmV0");
    await expect(openWebhookSecret(keys, version, "we_b", sealed)).rejects.toThrow();
  });

  it("keeps signing with a legacy plaintext secret and seals it on the hourly rewrap", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    // A row written before secrets were sealed: plaintext, no key version.
    await (await d1Of(org.organizationId))
      .prepare(
        "UPDATE webhook_endpoints SET secret = ?, previous_secret = NULL, secret_key_version = NULL WHERE id = ?",
      )
      .bind(hook.secret, hook.id)
      .run();
    expectVerifies((await deliverOne(org)).call, hook.secret);

    await runScheduled({ cron: "0 * * * *" }, env);
    const row = await storedRow(hook.id);
    expect(row.secret_key_version).toBe("v1");
    expectNoPlaintext(row, hook.secret);
    expectVerifies((await deliverOne(org)).call, hook.secret);
  });

  it("rotates a legacy plaintext secret into sealed primary and previous secrets", async () => {
    const org = await createOrg();
    const hook = await createWebhook(org);
    await (await d1Of(org.organizationId))
      .prepare("UPDATE webhook_endpoints SET secret = ?, secret_key_version = NULL WHERE id = ?")
      .bind(hook.secret, hook.id)
      .run();
    const rotated = await api("POST", `/v1/webhooks/${hook.id}/rotate-secret`, { token: org.owner.key });
    const row = await storedRow(hook.id);
    expect(row.secret_key_version).toBe("v1");
    expectNoPlaintext(row, hook.secret);
    const { call } = await deliverOne(org);
    expectVerifies(call, rotated.body.secret);
    expectVerifies(call, hook.secret);
  });
});

describe("master key rotation of webhook secrets", () => {
  it("rewraps every secret to v2 in bounded batches, and deliveries still verify", async () => {
    const org = await createOrg();
    const hooks = [await createWebhook(org), await createWebhook(org), await createWebhook(org)];
    const rotated = await api("POST", `/v1/webhooks/${hooks[0]!.id}/rotate-secret`, {
      token: org.owner.key,
    });
    const before = await Promise.all(hooks.map((h) => storedRow(h.id)));
    // The rewrap runs one database at a time: the organization's.
    const orgD1 = await d1Of(org.organizationId);
    const db = () => createDb(orgD1);
    const stale = await orgD1
      .prepare(
        "SELECT count(*) AS n FROM webhook_endpoints WHERE secret_key_version IS NULL OR secret_key_version <> 'v2'",
      )
      .first<{ n: number }>();

    const first = await rewrapWebhookSecrets(db(), rotatedToV2, { limit: 2 });
    expect(first).toEqual({ version: "v2", rewrapped: 2, failed: 0, remaining: stale!.n - 2 });
    expect(await rewrapWebhookSecrets(db(), rotatedToV2)).toMatchObject({ failed: 0, remaining: 0 });

    for (const [i, hook] of hooks.entries()) {
      const row = await storedRow(hook.id);
      expect(row.secret_key_version).toBe("v2");
      expect(row.secret).not.toBe(before[i]!.secret);
      expectNoPlaintext(row, hook.secret);
    }
    expect((await storedRow(hooks[0]!.id)).previous_secret).not.toBe(before[0]!.previous_secret);

    // Under the new configuration every endpoint's delivery verifies, the rotated one with both secrets.
    const calls = mockReceiver(() => ok());
    const eventId = await emitCustomerEvent(org.organizationId);
    await deliverEvents(rotatedToV2, [eventId]);
    expect(calls).toHaveLength(3);
    const verifies = (secret: string, call: (typeof calls)[number]) => {
      try {
        return Boolean(new Webhook(secret).verify(call.body, call.headers));
      } catch {
        return false;
      }
    };
    // Each secret (the three primaries and the rotated endpoint's previous one) signs one call.
    for (const secret of [...hooks.map((h) => h.secret), rotated.body.secret]) {
      expect(calls.filter((call) => verifies(secret, call))).toHaveLength(1);
    }
    vi.restoreAllMocks();

    // The running Worker only knows v1: it sends nothing it cannot sign, and the delivery stays pending.
    const unsigned = await deliverOne(org);
    expect(unsigned.call).toBeUndefined();
    expect((await deliveriesOfEvent(unsigned.eventId)).map((d) => d.status)).toEqual(
      Array(3).fill("pending"),
    );

    // Back to v1 through the same path; the Worker signs again.
    expect(await rewrapWebhookSecrets(db(), backToV1)).toMatchObject({ failed: 0, remaining: 0 });
    const { call } = await deliverOne(org);
    expect(call).toBeDefined();
    expect((await storedRow(hooks[1]!.id)).secret_key_version).toBe("v1");
  });

  it("exposes the rewrap step to the admin only", async () => {
    const org = await createOrg();
    expectError(
      await api("POST", "/v1/admin/webhooks/rewrap", { token: org.owner.key }),
      401,
      "unauthorized",
    );
    const res = await api("POST", "/v1/admin/webhooks/rewrap", { token: ADMIN_TOKEN, body: { limit: 10 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: "v1", failed: 0, remaining: expect.any(Number) });
    const all = await api("POST", "/v1/admin/webhooks/rewrap", { token: ADMIN_TOKEN });
    expect(all.body).toMatchObject({ version: "v1", failed: 0, remaining: 0 });
  });
});
