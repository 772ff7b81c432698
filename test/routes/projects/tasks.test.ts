import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../../helpers/api";
import { d1Of } from "../../helpers/db";
import { createMilestone, createProject, createTask } from "../../helpers/projects";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TASK_FIELDS = [
  "id",
  "project_id",
  "milestone_id",
  "title",
  "description",
  "status",
  "due_date",
  "created_at",
  "updated_at",
].sort();

async function setup() {
  const org = await createOrg();
  const key = org.owner.key;
  const project = await createProject(key, org.organizationId);
  return { org, key, project, base: `/projects/${project.id}/tasks` };
}

describe("tasks", () => {
  it("creates, reads, replaces and deletes a task under both mounts", async () => {
    const { key, project, base } = await setup();
    const milestone = await createMilestone(key, project.id);
    const created = await api("POST", base, {
      token: key,
      body: {
        title: "Wireframes",
        description: "Home and pricing",
        status: "in_progress",
        milestone_id: milestone.id,
        due_date: "2026-12-01",
      },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(TASK_FIELDS);
    expect(created.body).toMatchObject({
      project_id: project.id,
      milestone_id: milestone.id,
      title: "Wireframes",
      description: "Home and pricing",
      status: "in_progress",
      due_date: "2026-12-01",
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    const id = created.body.id;
    for (const prefix of ["", "/v1"]) {
      expect((await api("GET", `${prefix}${base}/${id}`, { token: key })).body).toEqual(created.body);
    }
    const put = await api("PUT", `/v1${base}/${id}`, { token: key, body: { title: "Wireframes v2" } });
    expect(put.status).toBe(200);
    // Full replace: the milestone, description and due date go; the status stays.
    expect(put.body).toMatchObject({
      title: "Wireframes v2",
      milestone_id: null,
      description: null,
      due_date: null,
      status: "in_progress",
    });
    expect((await api("DELETE", `/v1${base}/${id}`, { token: key })).status).toBe(204);
    expectError(await api("GET", `${base}/${id}`, { token: key }), 404, "not_found");
  });

  it("defaults to todo without a milestone", async () => {
    const { key, project } = await setup();
    const task = await createTask(key, project.id);
    expect(task).toMatchObject({ status: "todo", milestone_id: null, description: null, due_date: null });
  });

  it("validates title, status, due_date and that milestone_id is a milestone of the same project", async () => {
    const { org, key, project, base } = await setup();
    const res = await api("POST", base, { token: key, body: { status: "blocked", due_date: "2026-04-31" } });
    expect(expectError(res, 422, "validation_error").details).toEqual({
      title: "Title is required",
      status: "Status must be one of todo, in_progress, done",
      due_date: "Must be a calendar date in the form YYYY-MM-DD",
    });
    const other = await createProject(key, org.organizationId);
    const foreignMilestone = await createMilestone(key, other.id);
    for (const milestone_id of [foreignMilestone.id, "00000000-0000-4000-8000-000000000000"]) {
      const bad = await api("POST", base, { token: key, body: { title: "T", milestone_id } });
      expect(expectError(bad, 422, "validation_error").details).toEqual({
        milestone_id: "No milestone with this id in the project",
      });
    }
    const task = await createTask(key, project.id);
    const badPut = await api("PUT", `${base}/${task.id}`, {
      token: key,
      body: { title: "T", milestone_id: foreignMilestone.id },
    });
    expect(expectError(badPut, 422, "validation_error").details).toHaveProperty("milestone_id");
  });

  it("lists oldest first, filters by milestone_id and status, and pages at the edges", async () => {
    const { key, project, base } = await setup();
    const m = await createMilestone(key, project.id);
    const t1 = await createTask(key, project.id, { title: "1", milestone_id: m.id });
    const t2 = await createTask(key, project.id, { title: "2", milestone_id: m.id, status: "done" });
    const t3 = await createTask(key, project.id, { title: "3", status: "done" });
    const all = await api("GET", base, { token: key });
    expect(all.body).toMatchObject({ count: 3, page: 1, limit: 20 });
    expect(all.body.data.map((t: any) => t.id)).toEqual([t1.id, t2.id, t3.id]);
    const byMilestone = await api("GET", `${base}?milestone_id=${m.id}`, { token: key });
    expect(byMilestone.body.data.map((t: any) => t.id)).toEqual([t1.id, t2.id]);
    const done = await api("GET", `/v1${base}?status=done`, { token: key });
    expect(done.body.data.map((t: any) => t.id)).toEqual([t2.id, t3.id]);
    const both = await api("GET", `${base}?status=done&milestone_id=${m.id}`, { token: key });
    expect(both.body).toMatchObject({ count: 1, data: [{ id: t2.id }] });
    const page = await api("GET", `${base}?limit=2&page=2`, { token: key });
    expect(page.body).toMatchObject({ count: 3, page: 2, limit: 2, data: [{ id: t3.id }] });
    expect((await api("GET", `${base}?limit=2&page=9`, { token: key })).body).toEqual({
      data: [],
      count: 3,
      page: 9,
      limit: 2,
    });
    expect((await api("GET", `${base}?limit=100`, { token: key })).body.limit).toBe(100);
    expectError(await api("GET", `${base}?limit=101`, { token: key }), 400, "invalid_request");
    expectError(await api("GET", `${base}?status=blocked`, { token: key }), 400, "invalid_request");
  });

  it("computes milestone counts from the tasks as they move between milestones and change status", async () => {
    const { key, project, base } = await setup();
    const a = await createMilestone(key, project.id, { name: "A" });
    const b = await createMilestone(key, project.id, { name: "B" });
    const counts = async () => {
      const res = await api("GET", `/projects/${project.id}/milestones`, { token: key });
      return Object.fromEntries(
        res.body.data.map((m: any) => [m.name, [m.task_count, m.completed_task_count]]),
      );
    };
    const single = async (id: string) => {
      const m = (await api("GET", `/projects/${project.id}/milestones/${id}`, { token: key })).body;
      return [m.task_count, m.completed_task_count];
    };
    expect(await counts()).toEqual({ A: [0, 0], B: [0, 0] });

    const t1 = await createTask(key, project.id, { title: "t1", milestone_id: a.id });
    const t2 = await createTask(key, project.id, { title: "t2", milestone_id: a.id, status: "done" });
    await createTask(key, project.id, { title: "loose", status: "done" });
    expect(await counts()).toEqual({ A: [2, 1], B: [0, 0] });
    expect(await single(a.id)).toEqual([2, 1]);

    // t2 (done) moves to B.
    await api("PUT", `${base}/${t2.id}`, { token: key, body: { title: "t2", milestone_id: b.id } });
    expect(await counts()).toEqual({ A: [1, 0], B: [1, 1] });

    // t1 becomes done, then moves to B too.
    await api("PUT", `${base}/${t1.id}`, {
      token: key,
      body: { title: "t1", milestone_id: a.id, status: "done" },
    });
    expect(await counts()).toEqual({ A: [1, 1], B: [1, 1] });
    await api("PUT", `${base}/${t1.id}`, { token: key, body: { title: "t1", milestone_id: b.id } });
    expect(await counts()).toEqual({ A: [0, 0], B: [2, 2] });

    // Back to in progress, then deleted.
    await api("PUT", `${base}/${t2.id}`, {
      token: key,
      body: { title: "t2", milestone_id: b.id, status: "in_progress" },
    });
    expect(await single(b.id)).toEqual([2, 1]);
    await api("DELETE", `${base}/${t1.id}`, { token: key });
    expect(await counts()).toEqual({ A: [0, 0], B: [1, 0] });

    // The counts are not stored anywhere: the milestones table has no such column.
    const { results } = await env.DB.prepare("PRAGMA table_info(milestones)").all<{ name: string }>();
    expect(results.map((c) => c.name).some((n) => n.includes("count"))).toBe(false);
  });

  it("answers 404 for another organization's task, and changes nothing", async () => {
    const { key, project, base } = await setup();
    const task = await createTask(key, project.id);
    const stranger = await createOrg();
    const strangerProject = await createProject(stranger.owner.key, stranger.organizationId);
    for (const prefix of ["", "/v1"]) {
      const path = `${prefix}${base}/${task.id}`;
      expectError(await api("GET", path, { token: stranger.owner.key }), 404, "not_found");
      expectError(
        await api("PUT", path, { token: stranger.owner.key, body: { title: "x" } }),
        404,
        "not_found",
      );
      expectError(await api("DELETE", path, { token: stranger.owner.key }), 404, "not_found");
      expectError(await api("GET", `${prefix}${base}`, { token: stranger.owner.key }), 404, "not_found");
      expectError(
        await api("POST", `${prefix}${base}`, { token: stranger.owner.key, body: { title: "x" } }),
        404,
        "not_found",
      );
      expectError(
        await api("GET", `${prefix}/projects/${strangerProject.id}/tasks/${task.id}`, {
          token: stranger.owner.key,
        }),
        404,
        "not_found",
      );
    }
    expect((await api("GET", `${base}/${task.id}`, { token: key })).body).toEqual(task);
  });

  it("records task.created, task.updated and task.deleted with the task as object", async () => {
    const { org, key, project, base } = await setup();
    const task = await createTask(key, project.id);
    const put = await api("PUT", `${base}/${task.id}`, {
      token: key,
      body: { title: "Renamed", status: "done" },
    });
    await api("DELETE", `${base}/${task.id}`, { token: key });
    const { results } = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT type, payload FROM webhook_events WHERE organization_id = ? AND type LIKE 'task.%' ORDER BY rowid",
      )
      .bind(org.organizationId)
      .all<{ type: string; payload: string }>();
    expect(results.map((r) => r.type)).toEqual(["task.created", "task.updated", "task.deleted"]);
    expect(results.map((r) => JSON.parse(r.payload).data.object)).toEqual([task, put.body, put.body]);
  });
});
