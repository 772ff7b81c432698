// PATCH and DELETE /v1/members/{id}: roles, removal, who may do it, and credentials that end at once.
import { describe, expect, it } from "vitest";
import { addMember, api, createOrg, expectError, type TestOrg, tokenFor, uniqueEmail } from "../helpers/api";
import { uploaded } from "../helpers/documents";

const setRole = (token: string, id: string, role: string) =>
  api("PATCH", `/v1/members/${id}`, { token, body: { role } });
const remove = (token: string, id: string) => api("DELETE", `/v1/members/${id}`, { token });

async function memberIds(org: TestOrg) {
  const res = await api("GET", "/v1/members", { token: org.owner.key });
  return res.body.data.map((u: { id: string }) => u.id) as string[];
}

describe("DELETE /v1/members/{id}", () => {
  it("ends the removed member's API keys and earlier JWTs on the next request", async () => {
    const org = await createOrg();
    const member = await addMember(org, "admin");
    const jwt = await tokenFor(member.key);
    const second = await api("POST", "/v1/api-keys", { token: member.key, body: { name: "ci" } });
    expect(second.status).toBe(201);
    expect((await api("GET", "/v1/me", { token: jwt })).status).toBe(200);

    const res = await remove(org.owner.key, member.id);
    expect(res.status).toBe(204);

    for (const token of [member.key, second.body.key, jwt]) {
      expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
      expectError(await api("GET", "/v1/invoices", { token }), 401, "unauthorized");
    }
    expect(await memberIds(org)).not.toContain(member.id);
    const keys = await api("GET", "/v1/api-keys", { token: org.owner.key });
    const theirs = keys.body.data.filter((k: { user_id: string }) => k.user_id === member.id);
    expect(theirs).toHaveLength(2);
    for (const key of theirs) expect(key.revoked_at).toEqual(expect.any(String));
    // Gone is gone: a second removal and a role change are 404.
    expectError(await remove(org.owner.key, member.id), 404, "not_found");
    expectError(await setRole(org.owner.key, member.id, "member"), 404, "not_found");
  });

  it("revokes the removed member's document share links with their keys", async () => {
    const org = await createOrg();
    const member = await addMember(org, "admin");
    const doc = await uploaded(member.key, "shared by a leaver", { classification: "confidential" });
    const share = await api("POST", `/v1/documents/${doc.id}/share`, { token: member.key, body: {} });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    const path = `/v1/documents/shared/${share.body.data.token}`;
    expect((await api("GET", path)).status).toBe(200);

    expect((await remove(org.owner.key, member.id)).status).toBe(204);
    expect((await api("GET", path)).status).toBe(404);
  });

  it("records member.removed, and the address may be invited again", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    expect((await remove(org.owner.key, member.id)).status).toBe(204);
    const events = await api("GET", `/v1/events?type=member.removed&object_id=${member.id}`, {
      token: org.owner.key,
    });
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].data.object).toMatchObject({
      id: member.id,
      email: member.email,
      role: "member",
      removed_at: expect.any(String),
    });
    const again = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: member.email, role: "member" },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.user.id).not.toBe(member.id);
  });

  it("refuses to remove the last owner (409 last_owner), also when the owner removes themselves", async () => {
    const org = await createOrg();
    const error = expectError(await remove(org.owner.key, org.owner.id), 409, "conflict");
    expect(error.details).toEqual({ reason: "last_owner" });
    expect((await api("GET", "/v1/me", { token: org.owner.key })).status).toBe(200);

    const second = await addMember(org, "admin");
    expect((await setRole(org.owner.key, second.id, "owner")).status).toBe(200);
    expect((await remove(second.key, org.owner.id)).status).toBe(204);
    expectError(await remove(second.key, second.id), 409, "conflict");
  });

  it("answers 404 for a member of another organization and for unknown ids", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const stranger = await addMember(other, "member");
    expectError(await remove(org.owner.key, stranger.id), 404, "not_found");
    expectError(await setRole(org.owner.key, stranger.id, "admin"), 404, "not_found");
    expectError(await remove(org.owner.key, crypto.randomUUID()), 404, "not_found");
    expect((await api("GET", "/v1/me", { token: stranger.key })).status).toBe(200);
  });
});

describe("PATCH /v1/members/{id}", () => {
  it("takes a demoted admin's manager rights away on the next request, JWT or key", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const jwt = await tokenFor(admin.key);
    expect((await api("GET", "/v1/api-keys", { token: jwt })).status).toBe(200);

    const res = await setRole(org.owner.key, admin.id, "member");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: admin.id, role: "member", organization_id: org.organizationId });

    expectError(await api("GET", "/v1/api-keys", { token: jwt }), 403, "access_denied");
    expectError(await api("GET", "/v1/api-keys", { token: admin.key }), 403, "access_denied");
    expectError(await api("POST", "/v1/webhooks", { token: jwt, body: {} }), 403, "access_denied");
    const me = await api("GET", "/v1/me", { token: jwt });
    expect(me.body.user.role).toBe("member");
    // Promoted again, the same token manages again.
    expect((await setRole(org.owner.key, admin.id, "admin")).status).toBe(200);
    expect((await api("GET", "/v1/api-keys", { token: jwt })).status).toBe(200);

    const events = await api("GET", `/v1/events?type=member.updated&object_id=${admin.id}`, {
      token: org.owner.key,
    });
    expect(events.body.data.map((e: { data: { object: { role: string } } }) => e.data.object.role)).toEqual([
      "admin",
      "member",
    ]);
  });

  it("answers the member unchanged, with no event, when the role is already theirs", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    const res = await setRole(org.owner.key, member.id, "member");
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("member");
    const events = await api("GET", "/v1/events?type=member.updated", { token: org.owner.key });
    expect(events.body.data).toEqual([]);
  });

  it("refuses to demote the last owner, and lets exactly one of two owners demoting each other win", async () => {
    const org = await createOrg();
    const error = expectError(await setRole(org.owner.key, org.owner.id, "admin"), 409, "conflict");
    expect(error.details).toEqual({ reason: "last_owner" });

    const second = await addMember(org, "admin");
    expect((await setRole(org.owner.key, second.id, "owner")).status).toBe(200);
    const results = await Promise.all([
      setRole(org.owner.key, second.id, "admin"),
      setRole(second.key, org.owner.id, "admin"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const roles = await api("GET", "/v1/members", { token: org.owner.key });
    const owners = roles.body.data.filter((u: { role: string }) => u.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("lets an admin manage members and themselves, never owners or other admins", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const otherAdmin = await addMember(org, "admin");
    const member = await addMember(org, "member");

    expect((await setRole(admin.key, member.id, "admin")).status).toBe(200);
    // Now an admin, the member is out of the other admin's reach; the owner steps in.
    expectError(await setRole(admin.key, member.id, "member"), 403, "access_denied");
    expect((await setRole(org.owner.key, member.id, "member")).status).toBe(200);
    expectError(await setRole(admin.key, member.id, "owner"), 403, "access_denied");
    expectError(await setRole(admin.key, org.owner.id, "member"), 403, "access_denied");
    expectError(await remove(admin.key, org.owner.id), 403, "access_denied");
    expectError(await setRole(admin.key, otherAdmin.id, "member"), 403, "access_denied");
    expectError(await remove(admin.key, otherAdmin.id), 403, "access_denied");
    expectError(await setRole(admin.key, admin.id, "owner"), 403, "access_denied");

    // A member manages no one.
    expectError(await setRole(member.key, member.id, "admin"), 403, "access_denied");
    expectError(await remove(member.key, admin.id), 403, "access_denied");

    // The owner promotes to owner; the admin removes a member, then steps down and leaves.
    expect((await setRole(org.owner.key, otherAdmin.id, "owner")).status).toBe(200);
    expect((await remove(admin.key, member.id)).status).toBe(204);
    expect((await setRole(admin.key, admin.id, "member")).status).toBe(200);
    expectError(await remove(admin.key, admin.id), 403, "access_denied");
    expect(await memberIds(org)).toEqual([org.owner.id, admin.id, otherAdmin.id]);
  });

  it.each([
    [{ role: "superuser" }, "role"],
    [{}, "role"],
    [{ role: "member", email: uniqueEmail() }, "email"],
  ])("answers 422 for %j", async (body, field) => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    const res = await api("PATCH", `/v1/members/${member.id}`, { token: org.owner.key, body });
    const error = expectError(res, 422, "validation_error");
    expect(Object.keys(error.details ?? {})).toContain(field);
  });
});
