// GET /v1/invoices filters (created, due and issue date ranges, number), sorts and keyset pages.
import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createCustomer } from "../helpers/factories";

type Row = { id: string; number: string; due_date: string; total: number; created_at: string };

const list = (org: TestOrg, query: string) => api("GET", `/v1/invoices?${query}`, { token: org.owner.key });
const ids = (res: { body: { data: Row[] } }) => res.body.data.map((row) => row.id);

/** Six invoices created a day apart (Jan 1..6), due dates and totals in other orders. */
async function seed() {
  const org = await createOrg();
  const customer = await createCustomer(org);
  const specs = [
    { due: "2026-03-05", price: 30 },
    { due: "2026-03-01", price: 50 },
    { due: "2026-03-03", price: 10 },
    { due: "2026-03-03", price: 50 },
    { due: "2026-03-02", price: 20 },
    { due: "2026-03-06", price: 40 },
  ];
  const rows: Row[] = [];
  for (const [i, spec] of specs.entries()) {
    setClockForTests(() => new Date(`2026-01-0${i + 1}T12:00:00.000Z`));
    const res = await api("POST", "/v1/invoices", {
      token: org.owner.key,
      body: {
        customer_id: customer.id,
        items: [{ description: "Work", quantity: 1, unit_price: spec.price }],
        due_date: spec.due,
      },
    });
    expect(res.status).toBe(201);
    rows.push(res.body);
  }
  // Jan 10: the first two are sent (issue_date 2026-01-10).
  setClockForTests(() => new Date("2026-01-10T12:00:00.000Z"));
  for (const row of rows.slice(0, 2)) {
    expect((await api("POST", `/v1/invoices/${row.id}/send`, { token: org.owner.key })).status).toBe(200);
  }
  return { org, rows };
}

const byKey = (rows: Row[], key: (row: Row) => string | number, descending: boolean) =>
  [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
      return (a.id < b.id ? -1 : 1) * (descending ? -1 : 1);
    })
    .map((row) => row.id);

describe("GET /v1/invoices filters and sorts", () => {
  it("filters by created, due and issue date ranges and by number", async () => {
    const { org, rows } = await seed();
    setClockForTests(() => new Date("2026-01-11T00:00:00.000Z"));
    const r = rows.map((row) => row.id);
    expect(ids(await list(org, "created_gte=2026-01-02&created_lt=2026-01-04"))).toEqual([r[2], r[1]]);
    expect(ids(await list(org, "created_gte=2026-01-05T12:00:00Z"))).toEqual([r[5], r[4]]);
    expect(ids(await list(org, "created_lt=2026-01-01T13:30:00%2B01:00"))).toEqual([r[0]]);
    const due = await list(org, "due_date_gte=2026-03-02&due_date_lt=2026-03-05");
    expect(ids(due)).toEqual([r[4], r[3], r[2]]);
    expect(due.body.meta).toEqual({ total: 3, limit: 20, offset: 0 });
    expect(ids(await list(org, "issue_date_gte=2026-01-10&issue_date_lt=2026-01-11"))).toEqual([r[1], r[0]]);
    expect(ids(await list(org, "issue_date_lt=2026-01-10"))).toEqual([]);
    expect(ids(await list(org, `number=${rows[3]!.number}`))).toEqual([r[3]]);
    expect(ids(await list(org, "number=INV-999999"))).toEqual([]);
    // Combined with the existing filters.
    expect(ids(await list(org, "status=sent&due_date_gte=2026-03-02"))).toEqual([r[0]]);
  });

  it("answers 400 on a malformed bound or an unknown sort", async () => {
    const org = await createOrg();
    for (const query of [
      "created_gte=yesterday",
      "due_date_lt=2026-02-30",
      "issue_date_gte=2026-1-1",
      "sort=number",
      "sort=+total",
      "number=",
    ]) {
      expectError(await list(org, query), 400, "invalid_request");
    }
  });

  it("sorts by created_at, due_date and total both ways, ties by id, with offset pages", async () => {
    const { org, rows } = await seed();
    const keys = {
      created_at: (row: Row) => row.created_at,
      due_date: (row: Row) => row.due_date,
      total: (row: Row) => row.total,
    };
    for (const [name, key] of Object.entries(keys)) {
      for (const descending of [false, true]) {
        const sort = `${descending ? "-" : ""}${name}`;
        const expected = byKey(rows, key, descending);
        expect(ids(await list(org, `sort=${sort}`)), sort).toEqual(expected);
        const second = await list(org, `sort=${sort}&limit=4&offset=4`);
        expect(ids(second), sort).toEqual(expected.slice(4));
      }
    }
    // The default order is unchanged: newest first, and meta as before.
    const plain = await list(org, "");
    expect(ids(plain)).toEqual(byKey(rows, keys.created_at, true));
    expect(plain.body.meta).toEqual({ total: 6, limit: 20, offset: 0 });
  });

  it("pages by cursor under every sort, each row exactly once, even as rows are added", async () => {
    const { org, rows } = await seed();
    const customer = await createCustomer(org);
    for (const sort of ["-created_at", "created_at", "due_date", "-due_date", "total", "-total"]) {
      const seen: string[] = [];
      let res = await list(org, `sort=${sort}&limit=4`);
      expect(res.body.meta).toMatchObject({ total: 6, limit: 4, next_cursor: expect.any(String) });
      seen.push(...ids(res));
      // An invoice created between pages sorts before the cursor in every order but created_at asc.
      await api("POST", "/v1/invoices", {
        token: org.owner.key,
        body: {
          customer_id: customer.id,
          items: [{ description: "Late", quantity: 1, unit_price: 1 }],
          due_date: "2026-01-01",
        },
      });
      while (res.body.meta.next_cursor) {
        res = await list(org, `sort=${sort}&limit=4&cursor=${res.body.meta.next_cursor}`);
        expect(res.status).toBe(200);
        seen.push(...ids(res));
      }
      const original = seen.filter((id) => rows.some((row) => row.id === id));
      const key = sort.replace("-", "") as keyof Row;
      expect(original, sort).toEqual(byKey(rows, (row) => row[key], sort.startsWith("-")));
      expect(new Set(seen).size, sort).toBe(seen.length);
      // Delete the extra invoice so the next sort starts from the same six.
      for (const row of (await list(org, "limit=100")).body.data as Row[]) {
        if (!rows.some((r) => r.id === row.id)) {
          expect((await api("DELETE", `/v1/invoices/${row.id}`, { token: org.owner.key })).status).toBe(204);
        }
      }
    }
  });

  it("refuses a cursor of another sort, a forged cursor, and cursor with offset (400)", async () => {
    const { org } = await seed();
    const first = await list(org, "sort=-due_date&limit=2");
    const cursor = first.body.meta.next_cursor as string;
    const other = await list(org, `sort=total&cursor=${cursor}`);
    expect(expectError(other, 400, "invalid_request").details).toHaveProperty("cursor");
    expectError(await list(org, `cursor=${cursor}`), 400, "invalid_request");
    expectError(await list(org, "sort=-due_date&cursor=not-a-cursor"), 400, "invalid_request");
    expectError(await list(org, `sort=-due_date&offset=2&cursor=${cursor}`), 400, "invalid_request");
    const next = await list(org, `sort=-due_date&limit=2&cursor=${cursor}`);
    expect(next.status).toBe(200);
  });
});
