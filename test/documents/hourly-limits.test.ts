// The hourly document budgets of the interface's Limits: 100 uploads and 1000 downloads per
// user per hour, enforced by the rate-limit Durable Object through the document routes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { enforceHourlyBudget } from "../../src/services/rate-limits";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { uploadFile } from "../helpers/documents";

async function documentCount(organizationId: string): Promise<number> {
  const row = await (await d1Of(organizationId))
    .prepare("SELECT count(*) AS n FROM documents WHERE organization_id = ?")
    .bind(organizationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("hourly document budgets", () => {
  it("accepts 100 uploads in an hour, refuses the 101st with 429, and accepts again an hour later", async () => {
    const org = await createOrg();
    const member = await addMember(org);
    const start = Date.now();
    setClockForTests(() => new Date(start));
    for (let i = 0; i < 100; i++) {
      const res = await uploadFile(member.key, `file ${i}`, { classification: "internal" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const refused = await uploadFile(member.key, "one too many", { classification: "internal" });
    expectError(refused, 429, "rate_limit_exceeded");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("X-RateLimit-Limit")).toBe("100");
    expect(await documentCount(org.organizationId)).toBe(100);

    // The budget is the user's: a colleague still uploads.
    const colleague = await addMember(org);
    expect((await uploadFile(colleague.key, "mine", { classification: "internal" })).status).toBe(201);

    setClockForTests(() => new Date(start + 3600_000));
    expect((await uploadFile(member.key, "next hour", { classification: "internal" })).status).toBe(201);
  });

  it("counts downloads through the route: the 1001st in an hour answers 429", async () => {
    const org = await createOrg();
    const member = await addMember(org);
    const start = Date.now();
    setClockForTests(() => new Date(start));
    const uploaded = await uploadFile(member.key, "report", { classification: "confidential" });
    const path = `/v1/documents/download/${uploaded.body.data.id}`;
    expect((await api("GET", path, { token: member.key })).status).toBe(200);
    // 999 more units of the same budget, spent as the route spends them.
    for (let i = 0; i < 999; i++) await enforceHourlyBudget(env, member.id, "document_download");
    const refused = await api("GET", path, { token: member.key });
    expectError(refused, 429, "rate_limit_exceeded");
    expect(refused.headers.get("X-RateLimit-Limit")).toBe("1000");
    setClockForTests(() => new Date(start + 3600_000));
    expect((await api("GET", path, { token: member.key })).status).toBe(200);
  });
});
