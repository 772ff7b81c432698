import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, addMember, api, createOrg, expectError, tokenFor } from "../helpers/api";

describe("bootstrap, members, keys, tokens", () => {
  it("bootstraps an organization with its owner and a working API key", async () => {
    const org = await createOrg({ tier: "pro", currency: "EUR" });
    const me = await api("GET", "/v1/me", { token: org.owner.key });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      id: org.owner.id,
      role: "owner",
      organization_id: org.organizationId,
    });
    expect(me.body.organization).toMatchObject({
      id: org.organizationId,
      tier: "pro",
      default_currency: "EUR",
    });
  });

  it("lets an owner add a member, and the member get a token", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    const token = await tokenFor(member.key);
    const me = await api("GET", "/v1/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: member.id, role: "member" });
  });

  it("refuses bootstrap without the admin token", async () => {
    const res = await api("POST", "/v1/admin/organizations", {
      token: "nope",
      body: { name: "x", owner: { email: "a@b.co" } },
    });
    expectError(res, 401, "unauthorized");
    expect(ADMIN_TOKEN).toBeTruthy();
  });
});
