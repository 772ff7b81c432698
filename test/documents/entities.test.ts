// Documents attached to records this API issued: Entity-Id and ?entityId= take prefixed ids
// (checked against the caller's organization) as well as UUIDs, and an invoice lists its own.
import { describe, expect, it } from "vitest";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { uploaded, uploadFile } from "../helpers/documents";
import { createCustomer, createInvoice, createProduct } from "../helpers/factories";

describe("documents attached to API records", () => {
  it("attaches to an invoice, a customer and a product by their ids, filling in Entity-Type", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const customer = await createCustomer(org);
    const product = await createProduct(org);
    for (const [id, type] of [
      [invoice.id, "invoice"],
      [customer.id, "customer"],
      [product.id, "product"],
    ] as const) {
      const doc = await uploaded(org.owner.key, "x", { headers: { "Entity-Id": id } });
      expect(doc).toMatchObject({ entityId: id, entityType: type });
      const list = await api("GET", `/v1/documents?entityId=${id}`, { token: org.owner.key });
      expect(list.status).toBe(200);
      expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    }
    // A given Entity-Type is kept.
    const typed = await uploaded(org.owner.key, "x", {
      headers: { "Entity-Id": invoice.id, "Entity-Type": "receipt" },
    });
    expect(typed.entityType).toBe("receipt");
  });

  it("answers 422 naming Entity-Id for a record of another organization or none, and stores nothing", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const theirs = await createInvoice(other);
    for (const id of [theirs.id, "inv_000000000000000000000000", "cus_000000000000000000000000"]) {
      const res = await uploadFile(org.owner.key, "x", { headers: { "Entity-Id": id } });
      expectError(res, 422, "validation_error");
      expect(Object.keys(res.body.error.details)).toEqual(["Entity-Id"]);
    }
    const list = await api("GET", "/v1/documents", { token: org.owner.key });
    expect(list.body.meta.total).toBe(0);
  });

  it("keeps UUIDs as before and refuses other forms with 400", async () => {
    const org = await createOrg();
    const uuid = crypto.randomUUID();
    const doc = await uploaded(org.owner.key, "x", { headers: { "Entity-Id": uuid.toUpperCase() } });
    expect(doc.entityId).toBe(uuid);
    for (const bad of ["42", "inv_short", "xyz_000000000000000000000000", "INV_000000000000000000000000"]) {
      expectError(
        await uploadFile(org.owner.key, "x", { headers: { "Entity-Id": bad } }),
        400,
        "invalid_request",
      );
      expectError(
        await api("GET", `/v1/documents?entityId=${bad}`, { token: org.owner.key }),
        400,
        "invalid_request",
      );
    }
  });

  it("GET /v1/invoices/{id}/documents lists an invoice's attachments with the documents list's shape and rules", async () => {
    const org = await createOrg();
    const member = await addMember(org);
    const invoice = await createInvoice(org);
    const otherInvoice = await createInvoice(org);
    const first = await uploaded(org.owner.key, "a", { headers: { "Entity-Id": invoice.id } });
    const second = await uploaded(org.owner.key, "b", { headers: { "Entity-Id": invoice.id } });
    const restricted = await uploaded(org.owner.key, "c", {
      classification: "restricted",
      headers: { "Entity-Id": invoice.id },
    });
    await uploaded(org.owner.key, "d", { headers: { "Entity-Id": otherInvoice.id } });

    const owner = await api("GET", `/v1/invoices/${invoice.id}/documents`, { token: org.owner.key });
    expect(owner.status).toBe(200);
    const all = await api("GET", `/v1/documents?entityId=${invoice.id}`, { token: org.owner.key });
    expect(owner.body).toEqual(all.body);
    expect(owner.body.data.map((d: { id: string }) => d.id)).toEqual([restricted.id, second.id, first.id]);
    expect(owner.body.meta).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });

    // A member does not see the owner's restricted document, as in the documents list.
    const seen = await api("GET", `/v1/invoices/${invoice.id}/documents`, { token: member.key });
    expect(seen.body.data.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);

    const paged = await api("GET", `/v1/invoices/${invoice.id}/documents?limit=1&page=2`, {
      token: org.owner.key,
    });
    expect(paged.body.data.map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect(paged.body.meta).toEqual({ page: 2, limit: 1, total: 3, pages: 3 });
  });

  it("GET /v1/invoices/{id}/documents answers 404 for an unknown invoice or another organization's", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const theirs = await createInvoice(other);
    expectError(
      await api("GET", "/v1/invoices/inv_000000000000000000000000/documents", { token: org.owner.key }),
      404,
      "not_found",
    );
    expectError(
      await api("GET", `/v1/invoices/${theirs.id}/documents`, { token: org.owner.key }),
      404,
      "not_found",
    );
  });
});
