import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HOURLY, runScheduled } from "../../src/cron";
import { setClockForTests } from "../../src/lib/clock";
import { api, createOrg } from "../helpers/api";
import { d1Of, selectOnEveryTenant } from "../helpers/db";
import { createInvoice } from "../helpers/factories";

const status = async (id: string) =>
  (await selectOnEveryTenant<{ status: string }>("SELECT status FROM invoices WHERE id = ?", id))[0]?.status;

describe("hourly overdue sweep", () => {
  it("persists overdue for sent invoices past their due date, with one invoice.overdue event each", async () => {
    const org = await createOrg();
    const key = org.owner.key;
    const late = await createInvoice(org, { due_date: "2032-02-01" });
    const onTime = await createInvoice(org, { due_date: "2032-03-01" });
    const paid = await createInvoice(org, { due_date: "2032-02-01" });
    const draft = await createInvoice(org, { due_date: "2032-02-01" });
    for (const invoice of [late, onTime, paid])
      await api("POST", `/v1/invoices/${invoice.id}/send`, { token: key });
    await api("POST", `/v1/invoices/${paid.id}/pay`, { token: key });

    setClockForTests(() => new Date("2032-02-02T00:00:00Z"));
    await runScheduled({ cron: HOURLY }, env);

    expect(await status(late.id)).toBe("overdue");
    expect(await status(onTime.id)).toBe("sent");
    expect(await status(paid.id)).toBe("paid");
    expect(await status(draft.id)).toBe("draft");
    const { results } = await (await d1Of(org.organizationId))
      .prepare("SELECT payload FROM webhook_events WHERE organization_id = ? AND type = 'invoice.overdue'")
      .bind(org.organizationId)
      .all<{ payload: string }>();
    expect(results.map((r) => JSON.parse(r.payload).data.object)).toEqual([
      expect.objectContaining({ id: late.id, status: "overdue", number: late.number }),
    ]);

    // A second run finds nothing new; the overdue invoice can still be paid.
    await runScheduled({ cron: HOURLY }, env);
    const again = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT count(*) AS n FROM webhook_events WHERE organization_id = ? AND type = 'invoice.overdue'",
      )
      .bind(org.organizationId)
      .first();
    expect(again).toEqual({ n: 1 });
    const pay = await api("POST", `/v1/invoices/${late.id}/pay`, { token: key });
    expect(pay.body.status).toBe("paid");
  });
});
