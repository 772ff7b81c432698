// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are line breaks:
// single-line fields refuse them with 422 on the field, multi-line fields store them as LF, and
// neither the e-mail nor the PDF ever receives one.
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { address, createCustomer, createInvoice } from "../helpers/factories";

const LS = "\u2028";
const PS = "\u2029";

describe("U+2028 and U+2029", () => {
  it("are refused in single-line fields, 422 naming each field", async () => {
    const org = await createOrg();
    for (const sep of [LS, PS]) {
      const customer = await api("POST", "/v1/customers", {
        token: org.owner.key,
        body: { name: `Globex${sep}Bcc: x`, email: "ap@globex.example", address },
      });
      const error = expectError(customer, 422, "validation_error");
      expect(Object.keys(error.details ?? {})).toEqual(["name"]);
      const city = await api("POST", "/v1/customers", {
        token: org.owner.key,
        body: { name: "Globex", email: "ap@globex.example", address: { ...address, city: `Ber${sep}lin` } },
      });
      expect(Object.keys(expectError(city, 422, "validation_error").details ?? {})).toEqual(["address.city"]);
      const customerId = (await createCustomer(org)).id;
      const invoice = await api("POST", "/v1/invoices", {
        token: org.owner.key,
        body: {
          customer_id: customerId,
          due_date: "2031-01-31",
          items: [{ description: `Design${sep}work`, quantity: 1, unit_price: 10 }],
        },
      });
      expect(Object.keys(expectError(invoice, 422, "validation_error").details ?? {})).toEqual([
        "items.0.description",
      ]);
    }
    const org2 = await api("PATCH", "/v1/organization", {
      token: org.owner.key,
      body: { name: `Ac${LS}me` },
    });
    expect(Object.keys(expectError(org2, 422, "validation_error").details ?? {})).toEqual(["name"]);
  });

  it("are stored as LF in notes, so the e-mail and the PDF break the line there", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org, { notes: `First line${LS}Second line${PS}Third` });
    expect(invoice.notes).toBe("First line\nSecond line\nThird");
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: org.owner.key });
    expect(read.body.notes).toBe("First line\nSecond line\nThird");
    const patched = await api("PATCH", `/v1/invoices/${invoice.id}`, {
      token: org.owner.key,
      body: { notes: `a${PS}b` },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.notes).toBe("a\nb");
    expect((await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key })).status).toBe(200);
    const [message] = (await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: org.owner.key })).body
      .data;
    expect(message.text).toContain("a\nb");
    for (const part of [message.subject, message.text, message.html]) {
      expect(part).not.toMatch(/[\u2028\u2029]/);
    }
  });
});
