// The access table per classification, against the owner, a member and an admin of the owner's
// organization, and a member of another organization. Callers use JWTs (Authentication 3).
import { describe, expect, it } from "vitest";
import { addMember, api, createOrg, expectError, tokenFor } from "../helpers/api";
import { uploaded } from "../helpers/documents";

type Who = "owner" | "member" | "admin" | "other";

// Who may download and read metadata, per classification.
const READ: Record<string, Record<Who, boolean>> = {
  public: { owner: true, member: true, admin: true, other: true },
  internal: { owner: true, member: true, admin: true, other: false },
  confidential: { owner: true, member: true, admin: true, other: false },
  restricted: { owner: true, member: false, admin: false, other: false },
};

describe("document access", async () => {
  async function cast() {
    const org = await createOrg();
    // The document owner is a plain member; the org owner acts as a second admin.
    const docOwner = await addMember(org, "member");
    const member = await addMember(org, "member");
    const admin = await addMember(org, "admin");
    const otherOrg = await createOrg();
    const other = await addMember(otherOrg, "member");
    const tokens: Record<Who, string> = {
      owner: await tokenFor(docOwner.key),
      member: await tokenFor(member.key),
      admin: await tokenFor(admin.key),
      other: await tokenFor(other.key),
    };
    return { org, docOwner, tokens, orgOwnerKey: org.owner.key, otherKey: other.key };
  }

  for (const classification of Object.keys(READ)) {
    it(`applies the table to ${classification} documents`, async () => {
      const { tokens, orgOwnerKey } = await cast();
      const doc = await uploaded(tokens.owner, "content", { classification });
      for (const who of ["owner", "member", "admin", "other"] as Who[]) {
        const allowed = READ[classification]![who];
        const meta = await api("GET", `/v1/documents/${doc.id}/metadata`, { token: tokens[who] });
        const down = await api("GET", `/v1/documents/download/${doc.id}`, { token: tokens[who] });
        if (allowed) {
          expect(meta.status, `${who} metadata`).toBe(200);
          expect(down.status, `${who} download`).toBe(200);
          expect(down.body).toBe("content");
        } else {
          expectError(meta, 403, "access_denied");
          expectError(down, 403, "access_denied");
        }
        // Only the owner deletes; the audit log is for the owner and the org's owner/admin.
        if (who !== "owner") {
          expectError(
            await api("DELETE", `/v1/documents/${doc.id}`, { token: tokens[who] }),
            403,
            "access_denied",
          );
        }
        const log = await api("GET", `/v1/documents/${doc.id}/audit-log`, { token: tokens[who] });
        if (who === "owner" || who === "admin") expect(log.status, `${who} audit`).toBe(200);
        else expectError(log, 403, "access_denied");
      }
      expect((await api("GET", `/v1/documents/${doc.id}/audit-log`, { token: orgOwnerKey })).status).toBe(
        200,
      );
      const deleted = await api("DELETE", `/v1/documents/${doc.id}`, { token: tokens.owner });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true, message: expect.any(String) });
    });
  }

  it("lists only the caller's organization's documents the caller may read", async () => {
    const { tokens } = await cast();
    const mine = await Promise.all(
      ["public", "internal", "confidential", "restricted"].map((classification) =>
        uploaded(tokens.owner, "x", { classification }),
      ),
    );
    const ids = (res: any) => res.body.data.map((d: any) => d.id).sort();
    const ownerList = await api("GET", "/v1/documents", { token: tokens.owner });
    expect(ids(ownerList)).toEqual(mine.map((d) => d.id).sort());
    const memberList = await api("GET", "/v1/documents", { token: tokens.member });
    expect(ids(memberList)).toEqual(
      mine
        .filter((d) => d.classification !== "restricted")
        .map((d) => d.id)
        .sort(),
    );
    expect(memberList.body.meta.total).toBe(3);
    const otherList = await api("GET", "/v1/documents", { token: tokens.other });
    expect(otherList.body.data).toEqual([]);
  });

  it("accepts API keys as well as JWTs", async () => {
    const { docOwner } = await cast();
    const doc = await uploaded(docOwner.key, "via key", { classification: "restricted" });
    const res = await api("GET", `/v1/documents/download/${doc.id}`, { token: docOwner.key });
    expect(res.status).toBe(200);
  });
});
