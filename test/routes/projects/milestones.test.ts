import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../../src/lib/clock";
import { api, createOrg, expectError, type TestOrg } from "../../helpers/api";
import { d1Of } from "../../helpers/db";
import { createMilestone, createProject, createTask, daysFromToday } from "../../helpers/projects";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MILESTONE_FIELDS = [
  "id",
  "project_id",
  "name",
  "description",
  "status",
  "due_date",
  "order",
  "task_count",
  "completed_task_count",
  "created_at",
  "updated_at",
].sort();

async function setup(): Promise<{ org: TestOrg; key: string; project: any; base: string }> {
  const org = await createOrg();
  const project = await createProject(org.owner.key, org.organizationId);
  return { org, key: org.owner.key, project, base: `/projects/${project.id}/milestones` };
}

async function orderOf(key: string, base: string) {
  const res = await api("GET", `${base}?limit=100`, { token: key });
  expect(res.status).toBe(200);
  return res.body.data.map((m: any) => [m.name, m.order]);
}

describe("milestones", () => {
  it("creates a milestone with exactly the interface's fields and answers GET unwrapped", async () => {
    const { key, project, base } = await setup();
    const due = daysFromToday(30);
    const res = await api("POST", base, {
      token: key,
      body: {
        name: "Design",
        description: "Mock-ups signed off",
        status: "in_progress",
        due_date: due,
        order: 0,
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(MILESTONE_FIELDS);
    expect(res.body).toMatchObject({
      project_id: project.id,
      name: "Design",
      description: "Mock-ups signed off",
      status: "in_progress",
      due_date: due,
      order: 0,
      task_count: 0,
      completed_task_count: 0,
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    for (const prefix of ["", "/v1"]) {
      const got = await api("GET", `${prefix}${base}/${res.body.id}`, { token: key });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(res.body);
    }
  });

  it("defaults to planned, no description, no due date, and goes last without an order", async () => {
    const { key, project, base } = await setup();
    const a = await createMilestone(key, project.id, { name: "A" });
    expect(a).toMatchObject({ status: "planned", description: null, due_date: null, order: 0 });
    await createMilestone(key, project.id, { name: "B", order: 7 });
    const c = await createMilestone(key, project.id, { name: "C" });
    expect(c.order).toBe(8);
    expect(await orderOf(key, base)).toEqual([
      ["A", 0],
      ["B", 7],
      ["C", 8],
    ]);
  });

  it("inserts before a milestone whose order is taken, moving it and those after it up by one", async () => {
    const { key, project, base } = await setup();
    for (const name of ["A", "B", "C"]) await createMilestone(key, project.id, { name });
    const x = await createMilestone(key, project.id, { name: "X", order: 1 });
    expect(x.order).toBe(1);
    expect(await orderOf(key, base)).toEqual([
      ["A", 0],
      ["X", 1],
      ["B", 2],
      ["C", 3],
    ]);
    // A free order moves nothing.
    await createMilestone(key, project.id, { name: "Far", order: 10 });
    expect((await orderOf(key, base)).map((r: any) => r[1])).toEqual([0, 1, 2, 3, 10]);
  });

  it("moves a milestone on PUT with a new order, and keeps order and status when PUT leaves them out", async () => {
    const { key, project, base } = await setup();
    const a = await createMilestone(key, project.id, { name: "A", status: "completed" });
    await createMilestone(key, project.id, { name: "B" });
    await createMilestone(key, project.id, { name: "C" });
    const moved = await api("PUT", `${base}/${a.id}`, { token: key, body: { name: "A", order: 2 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ order: 2, status: "completed" });
    expect(await orderOf(key, base)).toEqual([
      ["B", 1],
      ["A", 2],
      ["C", 3],
    ]);
    const kept = await api("PUT", `${base}/${a.id}`, { token: key, body: { name: "A renamed" } });
    expect(kept.body).toMatchObject({ name: "A renamed", order: 2, status: "completed", description: null });
  });

  describe("due_date", () => {
    it("refuses a past due date on create with details.due_date, and allows today (UTC)", async () => {
      const { key, base } = await setup();
      const past = await api("POST", base, {
        token: key,
        body: { name: "Late", due_date: daysFromToday(-1) },
      });
      expect(expectError(past, 422, "validation_error").details).toEqual({
        due_date: "Due date must not be in the past",
      });
      const today = await api("POST", base, {
        token: key,
        body: { name: "Today", due_date: daysFromToday(0) },
      });
      expect(today.status).toBe(201);
    });

    it("uses the injectable clock for today", async () => {
      const { key, base } = await setup();
      setClockForTests(() => new Date("2030-01-10T23:59:00.000Z"));
      const before = await api("POST", base, { token: key, body: { name: "M", due_date: "2030-01-09" } });
      expectError(before, 422, "validation_error");
      const same = await api("POST", base, { token: key, body: { name: "M", due_date: "2030-01-10" } });
      expect(same.status).toBe(201);
    });

    it("on update, refuses a due date moved into the past but keeps an unchanged one that has passed", async () => {
      const { key, base } = await setup();
      const m = (await api("POST", base, { token: key, body: { name: "M", due_date: daysFromToday(2) } }))
        .body;
      // Five days later the due date has passed; editing the name alone still works.
      setClockForTests(() => new Date(Date.now() + 5 * 86_400_000));
      const rename = await api("PUT", `${base}/${m.id}`, {
        token: key,
        body: { name: "Renamed", due_date: m.due_date },
      });
      expect(rename.status, JSON.stringify(rename.body)).toBe(200);
      const moved = await api("PUT", `${base}/${m.id}`, {
        token: key,
        body: { name: "Renamed", due_date: daysFromToday(3) },
      });
      expect(expectError(moved, 422, "validation_error").details).toEqual({
        due_date: "Due date must not be in the past",
      });
      const cleared = await api("PUT", `${base}/${m.id}`, { token: key, body: { name: "Renamed" } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.due_date).toBeNull();
    });

    it("refuses a date that is not on the calendar", async () => {
      const { key, base } = await setup();
      const res = await api("POST", base, { token: key, body: { name: "M", due_date: "2099-02-30" } });
      expect(expectError(res, 422, "validation_error").details).toHaveProperty("due_date");
    });
  });

  it("validates name, status and order with 422 and field details", async () => {
    const { key, base } = await setup();
    const res = await api("POST", base, { token: key, body: { status: "done", order: -1 } });
    expect(expectError(res, 422, "validation_error").details).toEqual({
      name: "Name is required",
      status: "Status must be one of planned, in_progress, completed, cancelled",
      order: "Order must not be negative",
    });
    const fraction = await api("POST", base, { token: key, body: { name: "M", order: 1.5 } });
    expect(expectError(fraction, 422, "validation_error").details).toEqual({
      order: "Order must be an integer",
    });
  });

  describe("list", () => {
    it("orders by order, filters by status and pages at the edges", async () => {
      const { key, project, base } = await setup();
      await createMilestone(key, project.id, { name: "third", order: 30 });
      await createMilestone(key, project.id, { name: "first", order: 10, status: "completed" });
      await createMilestone(key, project.id, { name: "second", order: 20 });
      const all = await api("GET", base, { token: key });
      expect(all.body).toMatchObject({ count: 3, page: 1, limit: 20 });
      expect(all.body.data.map((m: any) => m.name)).toEqual(["first", "second", "third"]);
      for (const m of all.body.data) expect(Object.keys(m).sort()).toEqual(MILESTONE_FIELDS);

      const page2 = await api("GET", `${base}?limit=2&page=2`, { token: key });
      expect(page2.body).toMatchObject({ count: 3, page: 2, limit: 2, data: [{ name: "third" }] });
      const past = await api("GET", `${base}?limit=2&page=3`, { token: key });
      expect(past.body).toEqual({ data: [], count: 3, page: 3, limit: 2 });
      const hundred = await api("GET", `/v1${base}?limit=100`, { token: key });
      expect(hundred.body).toMatchObject({ count: 3, limit: 100 });
      expectError(await api("GET", `${base}?limit=101`, { token: key }), 400, "invalid_request");
      expectError(await api("GET", `${base}?status=done`, { token: key }), 400, "invalid_request");

      const planned = await api("GET", `${base}?status=planned`, { token: key });
      expect(planned.body.count).toBe(2);
      expect(planned.body.data.map((m: any) => m.name)).toEqual(["second", "third"]);
    });
  });

  describe("reorder", () => {
    async function threeMilestones() {
      const ctx = await setup();
      const [a, b, c] = [
        await createMilestone(ctx.key, ctx.project.id, { name: "A" }),
        await createMilestone(ctx.key, ctx.project.id, { name: "B" }),
        await createMilestone(ctx.key, ctx.project.id, { name: "C" }),
      ];
      const reorder = (milestones: unknown, prefix = "") =>
        api("PATCH", `${prefix}${ctx.base}/reorder`, { token: ctx.key, body: { milestones } });
      return { ...ctx, a, b, c, reorder };
    }

    it("sets the new order atomically and answers all milestones in it", async () => {
      const { key, base, a, b, c, reorder } = await threeMilestones();
      const res = await reorder([
        { id: c.id, order: 0 },
        { id: a.id, order: 1 },
        { id: b.id, order: 5 },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body)).toEqual(["data"]);
      expect(res.body.data.map((m: any) => [m.id, m.order])).toEqual([
        [c.id, 0],
        [a.id, 1],
        [b.id, 5],
      ]);
      for (const m of res.body.data) expect(Object.keys(m).sort()).toEqual(MILESTONE_FIELDS);
      expect(await orderOf(key, base)).toEqual([
        ["C", 0],
        ["A", 1],
        ["B", 5],
      ]);
    });

    it("works under /v1 and with a partial list that does not clash with the others", async () => {
      const { key, base, a, b, c, reorder } = await threeMilestones();
      const res = await reorder([{ id: a.id, order: 9 }], "/v1");
      expect(res.status).toBe(200);
      expect(res.body.data.map((m: any) => m.id)).toEqual([b.id, c.id, a.id]);
      expect(await orderOf(key, base)).toEqual([
        ["B", 1],
        ["C", 2],
        ["A", 9],
      ]);
    });

    it("swaps two milestones", async () => {
      const { a, b, c, reorder } = await threeMilestones();
      const res = await reorder([
        { id: a.id, order: 1 },
        { id: b.id, order: 0 },
      ]);
      expect(res.body.data.map((m: any) => m.id)).toEqual([b.id, a.id, c.id]);
    });

    const badCases: [
      string,
      (ids: { a: any; b: any; c: any; foreign: any }) => unknown,
      Record<string, unknown>,
    ][] = [
      [
        "an id that is not a milestone of the project",
        ({ a }) => [
          { id: a.id, order: 9 },
          { id: "00000000-0000-4000-8000-000000000000", order: 8 },
        ],
        { "milestones.1.id": "No milestone with this id in the project" },
      ],
      [
        "a milestone of another project",
        ({ foreign }) => [{ id: foreign.id, order: 4 }],
        { "milestones.0.id": "No milestone with this id in the project" },
      ],
      [
        "an id listed twice",
        ({ a }) => [
          { id: a.id, order: 3 },
          { id: a.id, order: 4 },
        ],
        { "milestones.1.id": "Listed more than once (first at milestones.0)" },
      ],
      [
        "two equal orders",
        ({ a, b }) => [
          { id: a.id, order: 4 },
          { id: b.id, order: 4 },
        ],
        { "milestones.1.order": "Order 4 is used more than once (first at milestones.0)" },
      ],
      [
        "an order held by a milestone left out of the list",
        ({ a, c }) => [{ id: a.id, order: c.order }],
        { "milestones.0.order": expect.stringContaining("is not in the list") },
      ],
      [
        "a negative order",
        ({ a }) => [{ id: a.id, order: -1 }],
        { "milestones.0.order": "Order must not be negative" },
      ],
      [
        "a fractional order",
        ({ a }) => [{ id: a.id, order: 0.5 }],
        { "milestones.0.order": "Order must be an integer" },
      ],
      ["a missing order", ({ a }) => [{ id: a.id }], { "milestones.0.order": "Order must be an integer" }],
      ["a missing id", () => [{ order: 1 }], { "milestones.0.id": "Milestone id is required" }],
      ["an empty list", () => [], { milestones: "List at least one milestone" }],
      ["no list at all", () => undefined, { milestones: "milestones must be an array of { id, order }" }],
    ];
    for (const [name, body, details] of badCases) {
      it(`answers 422 for ${name} and changes nothing`, async () => {
        const { org, key, base, a, b, c, reorder } = await threeMilestones();
        const other = await createProject(key, org.organizationId);
        const foreign = await createMilestone(key, other.id);
        const before = await orderOf(key, base);
        const res = await reorder(body({ a, b, c, foreign }));
        const error = expectError(res, 422, "validation_error");
        expect(error.details).toEqual(details);
        expect(await orderOf(key, base)).toEqual(before);
      });
    }

    it("answers 404 for another organization's project", async () => {
      const { a, base } = await threeMilestones();
      const stranger = await createOrg();
      const res = await api("PATCH", `${base}/reorder`, {
        token: stranger.owner.key,
        body: { milestones: [{ id: a.id, order: 3 }] },
      });
      expectError(res, 404, "not_found");
    });

    it("records milestone.updated only for milestones whose order changed", async () => {
      const { org, a, b, reorder } = await threeMilestones();
      await reorder([
        { id: a.id, order: 0 },
        { id: b.id, order: 7 },
      ]);
      const { results } = await (await d1Of(org.organizationId))
        .prepare(
          "SELECT payload FROM webhook_events WHERE organization_id = ? AND type = 'milestone.updated'",
        )
        .bind(org.organizationId)
        .all<{ payload: string }>();
      expect(results.map((r) => JSON.parse(r.payload).data.object)).toEqual([
        expect.objectContaining({ id: b.id, order: 7 }),
      ]);
    });
  });

  it("deletes a milestone and keeps its tasks in the project without a milestone", async () => {
    const { key, project, base } = await setup();
    const m = await createMilestone(key, project.id);
    const task = await createTask(key, project.id, { milestone_id: m.id });
    expect((await api("DELETE", `${base}/${m.id}`, { token: key })).status).toBe(204);
    expectError(await api("GET", `${base}/${m.id}`, { token: key }), 404, "not_found");
    const after = await api("GET", `/projects/${project.id}/tasks/${task.id}`, { token: key });
    expect(after.status).toBe(200);
    expect(after.body.milestone_id).toBeNull();
    expectError(await api("DELETE", `/v1${base}/${m.id}`, { token: key }), 404, "not_found");
  });

  it("answers 404 for another organization's milestone, and for a milestone under the wrong project", async () => {
    const { key, project, base } = await setup();
    const m = await createMilestone(key, project.id);
    const stranger = await createOrg();
    const strangerProject = await createProject(stranger.owner.key, stranger.organizationId);
    for (const prefix of ["", "/v1"]) {
      const path = `${prefix}${base}/${m.id}`;
      expectError(await api("GET", path, { token: stranger.owner.key }), 404, "not_found");
      expectError(
        await api("PUT", path, { token: stranger.owner.key, body: { name: "x" } }),
        404,
        "not_found",
      );
      expectError(await api("DELETE", path, { token: stranger.owner.key }), 404, "not_found");
      expectError(await api("GET", `${prefix}${base}`, { token: stranger.owner.key }), 404, "not_found");
      expectError(
        await api("POST", `${prefix}${base}`, { token: stranger.owner.key, body: { name: "x" } }),
        404,
        "not_found",
      );
      // The stranger's own project does not reach this milestone either.
      expectError(
        await api("GET", `${prefix}/projects/${strangerProject.id}/milestones/${m.id}`, {
          token: stranger.owner.key,
        }),
        404,
        "not_found",
      );
    }
    expect((await api("GET", `${base}/${m.id}`, { token: key })).body).toEqual(m);
  });

  it("records milestone.created, milestone.updated and milestone.deleted", async () => {
    const { org, key, project, base } = await setup();
    const m = await createMilestone(key, project.id);
    await api("PUT", `${base}/${m.id}`, { token: key, body: { name: "Renamed" } });
    await api("DELETE", `${base}/${m.id}`, { token: key });
    const { results } = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT type, payload FROM webhook_events WHERE organization_id = ? AND type LIKE 'milestone.%' ORDER BY rowid",
      )
      .bind(org.organizationId)
      .all<{ type: string; payload: string }>();
    expect(results.map((r) => r.type)).toEqual([
      "milestone.created",
      "milestone.updated",
      "milestone.deleted",
    ]);
    expect(JSON.parse(results[0]!.payload).data.object).toEqual(m);
  });
});
