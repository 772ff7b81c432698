import { describe, expect, it, vi } from "vitest";
import { addMember, api, createOrg, expectError } from "../../helpers/api";
import { insertCustomer } from "../../helpers/customers";
import { d1Of } from "../../helpers/db";
import { createMilestone, createProject, createTask } from "../../helpers/projects";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function eventsOf(organizationId: string) {
  const { results } = await (await d1Of(organizationId))
    .prepare("SELECT type, payload FROM webhook_events WHERE organization_id = ? ORDER BY created_at, rowid")
    .bind(organizationId)
    .all<{ type: string; payload: string }>();
  return results.map((r) => ({ type: r.type, object: JSON.parse(r.payload).data.object }));
}

describe("projects", () => {
  it("creates a project and answers it unwrapped, with exactly the interface's fields", async () => {
    const org = await createOrg();
    const customerId = await insertCustomer(org.organizationId);
    const res = await api("POST", "/projects", {
      token: org.owner.key,
      body: {
        name: "Website relaunch",
        description: "New site for the spring campaign",
        customer_id: customerId,
        start_date: "2026-03-01",
        end_date: "2026-06-30",
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "id",
        "name",
        "description",
        "status",
        "customer_id",
        "start_date",
        "end_date",
        "metadata",
        "created_at",
        "updated_at",
      ].sort(),
    );
    expect(res.body).toMatchObject({
      id: expect.stringMatching(UUID),
      name: "Website relaunch",
      description: "New site for the spring campaign",
      status: "active",
      customer_id: customerId,
      start_date: "2026-03-01",
      end_date: "2026-06-30",
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });

    const got = await api("GET", `/projects/${res.body.id}`, { token: org.owner.key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("answers the same routes under /v1", async () => {
    const org = await createOrg();
    const customerId = await insertCustomer(org.organizationId);
    const created = await api("POST", "/v1/projects", {
      token: org.owner.key,
      body: { name: "Versioned", customer_id: customerId },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await api("GET", `/projects/${id}`, { token: org.owner.key })).body).toEqual(created.body);
    expect((await api("GET", `/v1/projects/${id}`, { token: org.owner.key })).body).toEqual(created.body);
    const list = await api("GET", "/v1/projects", { token: org.owner.key });
    expect(list.body).toEqual({ data: [created.body], count: 1, page: 1, limit: 20 });
    const put = await api("PUT", `/v1/projects/${id}`, {
      token: org.owner.key,
      body: { name: "Renamed", customer_id: customerId },
    });
    expect(put.status).toBe(200);
    expect(put.body.name).toBe("Renamed");
    expect((await api("DELETE", `/v1/projects/${id}`, { token: org.owner.key })).status).toBe(204);
    expectError(await api("GET", `/projects/${id}`, { token: org.owner.key }), 404, "not_found");
  });

  it("lets every role use projects and refuses callers without credentials", async () => {
    const org = await createOrg();
    const member = await addMember(org, "member");
    const project = await createProject(member.key, org.organizationId);
    expect((await api("GET", `/projects/${project.id}`, { token: org.owner.key })).status).toBe(200);
    for (const path of ["/projects", `/projects/${project.id}`, "/v1/projects"]) {
      expectError(await api("GET", path), 401, "unauthorized");
    }
    expectError(await api("POST", "/projects", { body: { name: "x" } }), 401, "unauthorized");
    expectError(await api("DELETE", `/projects/${project.id}`, { token: "sk_nope" }), 401, "unauthorized");
  });

  describe("validation (422 in the projects shape)", () => {
    it("requires a name", async () => {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      for (const name of [undefined, "", "   "]) {
        const res = await api("POST", "/projects", {
          token: org.owner.key,
          body: { name, customer_id: customerId },
        });
        const error = expectError(res, 422, "validation_error");
        expect(error.details).toEqual({ name: "Name is required" });
      }
      const long = await api("POST", "/projects", {
        token: org.owner.key,
        body: { name: "x".repeat(201), customer_id: customerId },
      });
      expect(expectError(long, 422, "validation_error").details).toHaveProperty("name");
    });

    it("requires a customer of the caller's organization", async () => {
      const org = await createOrg();
      const other = await createOrg();
      const foreignCustomer = await insertCustomer(other.organizationId);
      const missing = await api("POST", "/projects", { token: org.owner.key, body: { name: "P" } });
      expect(expectError(missing, 422, "validation_error").details).toEqual({
        customer_id: "Customer is required",
      });
      for (const customer_id of [foreignCustomer, "cus_doesnotexist"]) {
        const res = await api("POST", "/projects", {
          token: org.owner.key,
          body: { name: "P", customer_id },
        });
        expect(expectError(res, 422, "validation_error").details).toEqual({
          customer_id: "No customer with this id in your organization",
        });
      }
      const project = await createProject(org.owner.key, org.organizationId);
      const put = await api("PUT", `/projects/${project.id}`, {
        token: org.owner.key,
        body: { name: "P", customer_id: foreignCustomer },
      });
      expect(expectError(put, 422, "validation_error").details).toHaveProperty("customer_id");
    });

    it("refuses an end date before the start date, and accepts the same day", async () => {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      const bad = await api("POST", "/projects", {
        token: org.owner.key,
        body: { name: "P", customer_id: customerId, start_date: "2026-05-02", end_date: "2026-05-01" },
      });
      expect(expectError(bad, 422, "validation_error").details).toEqual({
        end_date: "End date must not be before the start date",
      });
      const same = await api("POST", "/projects", {
        token: org.owner.key,
        body: { name: "P", customer_id: customerId, start_date: "2026-05-02", end_date: "2026-05-02" },
      });
      expect(same.status).toBe(201);
      const put = await api("PUT", `/projects/${same.body.id}`, {
        token: org.owner.key,
        body: { name: "P", customer_id: customerId, start_date: "2026-05-02", end_date: "2026-04-30" },
      });
      expect(expectError(put, 422, "validation_error").details).toHaveProperty("end_date");
    });

    it("accepts only real calendar dates as YYYY-MM-DD", async () => {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      for (const start_date of [
        "2026-02-30",
        "2026-13-01",
        "2026-1-5",
        "05/01/2026",
        "2026-05-01T00:00:00Z",
      ]) {
        const res = await api("POST", "/projects", {
          token: org.owner.key,
          body: { name: "P", customer_id: customerId, start_date },
        });
        expect(expectError(res, 422, "validation_error").details).toEqual({
          start_date: "Must be a calendar date in the form YYYY-MM-DD",
        });
      }
      const leap = await api("POST", "/projects", {
        token: org.owner.key,
        body: { name: "P", customer_id: customerId, start_date: "2028-02-29" },
      });
      expect(leap.status).toBe(201);
    });

    it("refuses an unknown status with 422 and malformed JSON with 400", async () => {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      const res = await api("POST", "/projects", {
        token: org.owner.key,
        body: { name: "P", customer_id: customerId, status: "paused" },
      });
      expect(expectError(res, 422, "validation_error").details).toHaveProperty("status");
      const raw = await api("POST", "/projects", {
        token: org.owner.key,
        rawBody: "{not json",
        headers: { "Content-Type": "application/json" },
      });
      expectError(raw, 400, "invalid_request");
    });
  });

  describe("status moves", () => {
    async function projectWithStatus(status: string) {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      const project = await createProject(org.owner.key, org.organizationId, {
        customer_id: customerId,
        status,
      });
      const move = (to: string) =>
        api("PUT", `/projects/${project.id}`, {
          token: org.owner.key,
          body: { name: project.name, customer_id: customerId, status: to },
        });
      const read = async () => (await api("GET", `/projects/${project.id}`, { token: org.owner.key })).body;
      return { project, move, read };
    }

    const allowed: [string, string][] = [
      ["active", "completed"],
      ["active", "archived"],
      ["completed", "active"],
      ["completed", "archived"],
      ["archived", "active"],
      ["active", "active"],
      ["archived", "archived"],
    ];
    for (const [from, to] of allowed) {
      it(`allows ${from} -> ${to}`, async () => {
        const { move } = await projectWithStatus(from);
        const res = await move(to);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.status).toBe(to);
      });
    }

    it("answers 409 conflict for archived -> completed and leaves the project as it was", async () => {
      const { project, move, read } = await projectWithStatus("archived");
      const error = expectError(await move("completed"), 409, "conflict");
      expect(error.details).toMatchObject({
        reason: "invalid_status_transition",
        status: expect.any(String),
      });
      expect(await read()).toEqual(project);
    });

    it("keeps the status when PUT leaves it out", async () => {
      const { project, move } = await projectWithStatus("completed");
      const res = await move(undefined as unknown as string);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("completed");
      expect(res.body.id).toBe(project.id);
    });
  });

  it("PUT replaces every create field: left-out optional fields become null", async () => {
    const org = await createOrg();
    const project = await createProject(org.owner.key, org.organizationId, {
      description: "Old",
      start_date: "2026-01-01",
      end_date: "2026-02-01",
    });
    const otherCustomer = await insertCustomer(org.organizationId, "Second customer");
    const res = await api("PUT", `/projects/${project.id}`, {
      token: org.owner.key,
      body: { name: "New name", customer_id: otherCustomer },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...project,
      name: "New name",
      customer_id: otherCustomer,
      description: null,
      start_date: null,
      end_date: null,
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect((await api("GET", `/projects/${project.id}`, { token: org.owner.key })).body).toEqual(res.body);
  });

  describe("list", () => {
    it("pages with count as the total, including a page past the end and limit 100", async () => {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(
          (await createProject(org.owner.key, org.organizationId, { customer_id: customerId, name: `P${i}` }))
            .id,
        );
      }
      const first = await api("GET", "/projects?limit=2", { token: org.owner.key });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ count: 5, page: 1, limit: 2 });
      // Newest first.
      expect(first.body.data.map((p: any) => p.id)).toEqual([ids[4], ids[3]]);
      const last = await api("GET", "/projects?limit=2&page=3", { token: org.owner.key });
      expect(last.body).toMatchObject({ count: 5, page: 3, limit: 2 });
      expect(last.body.data.map((p: any) => p.id)).toEqual([ids[0]]);
      const past = await api("GET", "/projects?limit=2&page=4", { token: org.owner.key });
      expect(past.status).toBe(200);
      expect(past.body).toEqual({ data: [], count: 5, page: 4, limit: 2 });
      const hundred = await api("GET", "/projects?limit=100", { token: org.owner.key });
      expect(hundred.status).toBe(200);
      expect(hundred.body).toMatchObject({ count: 5, page: 1, limit: 100 });
      expect(hundred.body.data).toHaveLength(5);
      const defaults = await api("GET", "/projects", { token: org.owner.key });
      expect(defaults.body).toMatchObject({ page: 1, limit: 20, count: 5 });
    });

    it("answers 400 invalid_request for limit 101, limit 0, page 0 and an unknown status", async () => {
      const org = await createOrg();
      for (const query of ["limit=101", "limit=0", "page=0", "page=x", "status=paused"]) {
        expectError(await api("GET", `/projects?${query}`, { token: org.owner.key }), 400, "invalid_request");
        expectError(
          await api("GET", `/v1/projects?${query}`, { token: org.owner.key }),
          400,
          "invalid_request",
        );
      }
    });

    it("searches by part of the name, treating % and _ literally, and filters by status", async () => {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      const make = (name: string, status = "active") =>
        createProject(org.owner.key, org.organizationId, { customer_id: customerId, name, status });
      const relaunch = await make("Website Relaunch");
      const percent = await make("100% uptime", "completed");
      await make("Mobile app", "archived");
      const search = await api("GET", "/projects?search=relaunch", { token: org.owner.key });
      expect(search.body).toMatchObject({ count: 1, data: [{ id: relaunch.id }] });
      const literal = await api("GET", `/projects?search=${encodeURIComponent("0%")}`, {
        token: org.owner.key,
      });
      expect(literal.body).toMatchObject({ count: 1, data: [{ id: percent.id }] });
      const underscore = await api("GET", "/projects?search=_", { token: org.owner.key });
      expect(underscore.body.count).toBe(0);
      const completed = await api("GET", "/projects?status=completed", { token: org.owner.key });
      expect(completed.body).toMatchObject({ count: 1, data: [{ id: percent.id }] });
      const both = await api("GET", "/projects?status=active&search=app", { token: org.owner.key });
      expect(both.body.count).toBe(0);
    });

    it("searches with a 200-character term (past D1's 50-byte LIKE pattern limit)", async () => {
      const org = await createOrg();
      const customerId = await insertCustomer(org.organizationId);
      const name = `${"Project ".repeat(24)}100%_end`; // 200 characters
      expect(name).toHaveLength(200);
      const project = await createProject(org.owner.key, org.organizationId, {
        customer_id: customerId,
        name,
      });
      const hit = await api("GET", `/projects?search=${encodeURIComponent(name.toLowerCase())}`, {
        token: org.owner.key,
      });
      expect(hit.status, JSON.stringify(hit.body)).toBe(200);
      expect(hit.body).toMatchObject({ count: 1, data: [{ id: project.id }] });
      const miss = await api("GET", `/projects?search=${"y".repeat(200)}`, { token: org.owner.key });
      expect(miss.status).toBe(200);
      expect(miss.body.count).toBe(0);
      const wildcard = await api("GET", `/projects?search=${encodeURIComponent("100_%")}`, {
        token: org.owner.key,
      });
      expect(wildcard.body.count).toBe(0);
      const literal = await api("GET", `/projects?search=${encodeURIComponent("100%_")}`, {
        token: org.owner.key,
      });
      expect(literal.body.count).toBe(1);
    });

    it("never lists another organization's projects", async () => {
      const org = await createOrg();
      const other = await createOrg();
      await createProject(other.owner.key, other.organizationId);
      const res = await api("GET", "/projects", { token: org.owner.key });
      expect(res.body).toEqual({ data: [], count: 0, page: 1, limit: 20 });
    });
  });

  it("answers 404 for another organization's project on every route and changes nothing", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const project = await createProject(other.owner.key, other.organizationId);
    const customerId = await insertCustomer(org.organizationId);
    for (const prefix of ["", "/v1"]) {
      const path = `${prefix}/projects/${project.id}`;
      expectError(await api("GET", path, { token: org.owner.key }), 404, "not_found");
      expectError(
        await api("PUT", path, { token: org.owner.key, body: { name: "Hijack", customer_id: customerId } }),
        404,
        "not_found",
      );
      expectError(await api("DELETE", path, { token: org.owner.key }), 404, "not_found");
    }
    expectError(await api("GET", "/projects/not-a-uuid", { token: org.owner.key }), 404, "not_found");
    expect((await api("GET", `/projects/${project.id}`, { token: other.owner.key })).body).toEqual(project);
  });

  it("deletes a project with its milestones and tasks, and only those", async () => {
    const org = await createOrg();
    const project = await createProject(org.owner.key, org.organizationId);
    const keep = await createProject(org.owner.key, org.organizationId);
    const m1 = await createMilestone(org.owner.key, project.id);
    await createMilestone(org.owner.key, project.id, { name: "Build" });
    await createTask(org.owner.key, project.id, { milestone_id: m1.id });
    await createTask(org.owner.key, project.id);
    const keptMilestone = await createMilestone(org.owner.key, keep.id);
    await createTask(org.owner.key, keep.id, { milestone_id: keptMilestone.id });

    expect((await api("DELETE", `/projects/${project.id}`, { token: org.owner.key })).status).toBe(204);

    const countRows = async (table: string, projectId: string) =>
      (await (
        await d1Of(org.organizationId)
      )
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE project_id = ?`)
        .bind(projectId)
        .first<{ n: number }>())!.n;
    expect(await countRows("milestones", project.id)).toBe(0);
    expect(await countRows("tasks", project.id)).toBe(0);
    expect(await countRows("milestones", keep.id)).toBe(1);
    expect(await countRows("tasks", keep.id)).toBe(1);
    expectError(await api("GET", `/projects/${project.id}`, { token: org.owner.key }), 404, "not_found");
    expectError(
      await api("GET", `/projects/${project.id}/milestones`, { token: org.owner.key }),
      404,
      "not_found",
    );
    expectError(await api("DELETE", `/projects/${project.id}`, { token: org.owner.key }), 404, "not_found");
  });

  it("records project.created, project.updated and project.deleted with the project as object", async () => {
    const org = await createOrg();
    const project = await createProject(org.owner.key, org.organizationId);
    const put = await api("PUT", `/projects/${project.id}`, {
      token: org.owner.key,
      body: { name: "Renamed", customer_id: project.customer_id, status: "completed" },
    });
    await api("DELETE", `/projects/${project.id}`, { token: org.owner.key });
    const events = await eventsOf(org.organizationId);
    expect(events.map((e) => e.type)).toEqual(["project.created", "project.updated", "project.deleted"]);
    expect(events[0]!.object).toEqual(project);
    expect(events[1]!.object).toEqual(put.body);
    expect(events[2]!.object).toEqual(put.body);
  });
});

describe("webhook outbox", () => {
  it("queues one pending delivery per enabled endpoint subscribed to the event, in the same batch", async () => {
    const org = await createOrg();
    const at = new Date().toISOString();
    const endpoint = async (id: string, events: string[], enabled = 1) =>
      (await d1Of(org.organizationId))
        .prepare(
          `INSERT INTO webhook_endpoints (id, organization_id, url, events, enabled, secret, created_at, updated_at)
         VALUES (?, ?, 'https://example.com/hook', ?, ?, 'whsec_test', ?, ?)`,
        )
        .bind(id, org.organizationId, JSON.stringify(events), enabled, at, at)
        .run();
    const suffix = crypto.randomUUID();
    await endpoint(`we_all_${suffix}`, ["*"]);
    await endpoint(`we_projects_${suffix}`, ["project.created"]);
    await endpoint(`we_tasks_${suffix}`, ["task.created"]);
    await endpoint(`we_off_${suffix}`, ["*"], 0);
    // The first attempt runs right after the response: answer it here, never on the network.
    const receiver = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("ok"));
    await createProject(org.owner.key, org.organizationId);
    const deliveries = async () =>
      (await d1Of(org.organizationId))
        .prepare(
          `SELECT d.endpoint_id, d.status, e.type FROM webhook_deliveries d
         JOIN webhook_events e ON e.id = d.event_id WHERE d.organization_id = ? ORDER BY d.endpoint_id`,
        )
        .bind(org.organizationId)
        .all()
        .then((r) => r.results);
    await expect.poll(deliveries, { timeout: 3000 }).toEqual([
      { endpoint_id: `we_all_${suffix}`, status: "succeeded", type: "project.created" },
      { endpoint_id: `we_projects_${suffix}`, status: "succeeded", type: "project.created" },
    ]);
    expect(receiver).toHaveBeenCalledTimes(2);
    receiver.mockRestore();
  });
});

describe("OpenAPI document", () => {
  it("lists every project, milestone and task route under both mounts", async () => {
    const res = await api("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const expected: Record<string, string[]> = {
      "/projects": ["get", "post"],
      "/projects/{id}": ["get", "put", "delete"],
      "/projects/{projectId}/milestones": ["get", "post"],
      "/projects/{projectId}/milestones/reorder": ["patch"],
      "/projects/{projectId}/milestones/{id}": ["get", "put", "delete"],
      "/projects/{projectId}/tasks": ["get", "post"],
      "/projects/{projectId}/tasks/{id}": ["get", "put", "delete"],
    };
    for (const [path, methods] of Object.entries(expected)) {
      for (const prefix of ["", "/v1"]) {
        const item = paths[`${prefix}${path}`];
        expect(item, `${prefix}${path}`).toBeDefined();
        expect(Object.keys(item!).sort()).toEqual([...methods].sort());
      }
    }
    const schemas = res.body.components.schemas;
    expect(Object.keys(schemas.Project.properties).sort()).toEqual(
      [
        "id",
        "name",
        "description",
        "status",
        "customer_id",
        "start_date",
        "end_date",
        "metadata",
        "created_at",
        "updated_at",
      ].sort(),
    );
    expect(schemas.Milestone.properties).toHaveProperty("task_count");
    expect(schemas.Milestone.properties).toHaveProperty("completed_task_count");
    expect(paths["/v1/projects"]!.get).toMatchObject({ responses: { 200: {}, 400: {}, 401: {} } });
    expect(paths["/projects/{projectId}/milestones/reorder"]!.patch).toMatchObject({
      responses: { 200: {}, 404: {}, 422: {} },
    });
  });
});
