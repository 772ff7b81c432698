// Races made deterministic: the "concurrent" request runs right before the service's write
// batch, after its reads. Read-merge-write updates must not resurrect or overwrite what the
// other request did, nor record an event for it; foreign keys refused by a race are 404/422.
import { describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client";
import { ApiError } from "../../src/lib/errors";
import { updateCustomer } from "../../src/services/customers";
import { updateInvoice } from "../../src/services/invoices";
import { createMilestone, replaceMilestone } from "../../src/services/milestones";
import { updateProduct } from "../../src/services/products";
import { replaceProject } from "../../src/services/projects";
import { createTask, replaceTask } from "../../src/services/tasks";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { d1Of, dbOf } from "../helpers/db";
import { createCustomer, createInvoice, createProduct } from "../helpers/factories";
import {
  createMilestone as apiMilestone,
  createProject as apiProject,
  createTask as apiTask,
} from "../helpers/projects";

/** A Db whose `nth` batch (1-based) first lets `other` run: the concurrent request. */
async function raceBeforeBatch(org: TestOrg, other: () => Promise<unknown>, nth = 1): Promise<Db> {
  const db = await dbOf(org.organizationId);
  let batches = 0;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "batch") {
        return async (statements: Parameters<Db["batch"]>[0]) => {
          if (++batches === nth) await other();
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function apiError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiErr = error as ApiError;
  return { status: apiErr.status, code: apiErr.code, details: apiErr.details };
}

const events = async (org: TestOrg, type: string) =>
  (
    await (
      await d1Of(org.organizationId)
    )
      .prepare("SELECT count(*) AS n FROM webhook_events WHERE organization_id = ? AND type = ?")
      .bind(org.organizationId, type)
      .first<{ n: number }>()
  )?.n;

const run = async (org: TestOrg, sql: string, ...binds: unknown[]) =>
  (await d1Of(org.organizationId))
    .prepare(sql)
    .bind(...binds)
    .run();

describe("lost updates", () => {
  it("customer: an update racing a delete is 404 and records no customer.updated", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const db = await raceBeforeBatch(org, () =>
      api("DELETE", `/v1/customers/${customer.id}`, { token: org.owner.key }),
    );
    expect(
      await apiError(updateCustomer(db, org.organizationId, customer.id, { name: "Renamed" })),
    ).toMatchObject({
      status: 404,
    });
    expect(await run(org, "SELECT 1 FROM customers WHERE id = ?", customer.id)).toMatchObject({
      results: [],
    });
    expect(await events(org, "customer.updated")).toBe(0);
    expect(await events(org, "customer.deleted")).toBe(1);
  });

  it("customer: an update racing another update is 409 concurrent_update; the other's change stays", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const db = await raceBeforeBatch(org, () =>
      api("PATCH", `/v1/customers/${customer.id}`, {
        token: org.owner.key,
        body: { email: "new@globex.example" },
      }),
    );
    const error = await apiError(updateCustomer(db, org.organizationId, customer.id, { name: "Renamed" }));
    expect(error).toMatchObject({ status: 409, details: { reason: "concurrent_update" } });
    const read = await api("GET", `/v1/customers/${customer.id}`, { token: org.owner.key });
    expect(read.body).toMatchObject({ name: "Globex", email: "new@globex.example" });
    expect(await events(org, "customer.updated")).toBe(1);
  });

  it("customer: without a race, the answer is the stored row", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    const { customer: updated } = await updateCustomer(
      await dbOf(org.organizationId),
      org.organizationId,
      customer.id,
      {
        address: { city: "Hamburg" },
      },
    );
    expect(updated).toMatchObject({ id: customer.id, name: "Globex", addressCity: "Hamburg" });
  });

  it("product: an update racing a delete is 404, racing an update 409", async () => {
    const org = await createOrg();
    const product = await createProduct(org);
    const deleted = await raceBeforeBatch(org, () =>
      api("DELETE", `/v1/products/${product.id}`, { token: org.owner.key }),
    );
    expect(
      await apiError(updateProduct(deleted, org.organizationId, product.id, { price: 5 })),
    ).toMatchObject({
      status: 404,
    });
    expect(await events(org, "product.updated")).toBe(0);
    const other = await createProduct(org);
    const changed = await raceBeforeBatch(org, () =>
      api("PATCH", `/v1/products/${other.id}`, { token: org.owner.key, body: { unit: "day" } }),
    );
    expect(await apiError(updateProduct(changed, org.organizationId, other.id, { price: 5 }))).toMatchObject({
      status: 409,
      details: { reason: "concurrent_update" },
    });
    const read = await api("GET", `/v1/products/${other.id}`, { token: org.owner.key });
    expect(read.body).toMatchObject({ price: 100, unit: "day" });
  });

  it("project: a replace racing a delete is 404, racing another replace 409", async () => {
    const org = await createOrg();
    const project = await apiProject(org.owner.key, org.organizationId);
    const fields = {
      name: "Renamed",
      description: null,
      customerId: project.customer_id,
      startDate: null,
      endDate: null,
    };
    const deleted = await raceBeforeBatch(org, () =>
      api("DELETE", `/projects/${project.id}`, { token: org.owner.key }),
    );
    expect(await apiError(replaceProject(deleted, org.organizationId, project.id, fields))).toMatchObject({
      status: 404,
    });
    expect(await events(org, "project.updated")).toBe(0);

    const other = await apiProject(org.owner.key, org.organizationId);
    const changed = await raceBeforeBatch(org, () =>
      api("PUT", `/projects/${other.id}`, {
        token: org.owner.key,
        body: { name: "Theirs", customer_id: other.customer_id, status: "completed" },
      }),
    );
    const error = await apiError(
      replaceProject(changed, org.organizationId, other.id, { ...fields, customerId: other.customer_id }),
    );
    expect(error).toMatchObject({ status: 409, details: { reason: "concurrent_update" } });
    const read = await api("GET", `/projects/${other.id}`, { token: org.owner.key });
    expect(read.body).toMatchObject({ name: "Theirs", status: "completed" });
  });

  it("milestone: a replace racing a delete is 404; racing an insert that shifts its order, 409", async () => {
    const org = await createOrg();
    const project = await apiProject(org.owner.key, org.organizationId);
    const milestone = await apiMilestone(org.owner.key, project.id);
    const fields = { name: "Renamed", description: null, dueDate: null };
    const deleted = await raceBeforeBatch(org, () =>
      api("DELETE", `/projects/${project.id}/milestones/${milestone.id}`, { token: org.owner.key }),
    );
    expect(
      await apiError(replaceMilestone(deleted, org.organizationId, project.id, milestone.id, fields)),
    ).toMatchObject({ status: 404 });
    expect(await events(org, "milestone.updated")).toBe(0);

    const kept = await apiMilestone(org.owner.key, project.id); // order 0 (the first left a gap)
    const shifted = await raceBeforeBatch(org, () =>
      apiMilestone(org.owner.key, project.id, { name: "First", order: 0 }),
    );
    expect(
      await apiError(replaceMilestone(shifted, org.organizationId, project.id, kept.id, fields)),
    ).toMatchObject({ status: 409, details: { reason: "concurrent_update" } });
    const list = await api("GET", `/projects/${project.id}/milestones`, { token: org.owner.key });
    expect(list.body.data.map((m: { name: string; order: number }) => [m.name, m.order])).toEqual([
      ["First", 0],
      ["Design", 1],
    ]);
  });

  it("task: a replace racing a delete is 404 and records no task.updated", async () => {
    const org = await createOrg();
    const project = await apiProject(org.owner.key, org.organizationId);
    const task = await apiTask(org.owner.key, project.id);
    const db = await raceBeforeBatch(org, () =>
      api("DELETE", `/projects/${project.id}/tasks/${task.id}`, { token: org.owner.key }),
    );
    const fields = { title: "Renamed", description: null, milestoneId: null, dueDate: null };
    expect(await apiError(replaceTask(db, org.organizationId, project.id, task.id, fields))).toMatchObject({
      status: 404,
    });
    expect(await events(org, "task.updated")).toBe(0);
    expect(await events(org, "task.deleted")).toBe(1);
  });
});

describe("foreign keys refused by a race", () => {
  it("invoice PATCH to a customer deleted meanwhile: 422 on customer_id", async () => {
    const org = await createOrg();
    const invoice = await createInvoice(org);
    const other = await createCustomer(org, { name: "Other" });
    // Batch 1 is the invoice read, batch 2 the write.
    const db = await raceBeforeBatch(
      org,
      () => api("DELETE", `/v1/customers/${other.id}`, { token: org.owner.key }),
      2,
    );
    const error = await apiError(
      updateInvoice(db, org.organizationId, invoice.id, { customer_id: other.id }),
    );
    expect(error).toMatchObject({ status: 422, code: "validation_error" });
    expect(error.details).toHaveProperty("customer_id");
  });

  it("project PUT to a customer deleted meanwhile: 422 on customer_id", async () => {
    const org = await createOrg();
    const project = await apiProject(org.owner.key, org.organizationId);
    const other = await createCustomer(org, { name: "Other" });
    const db = await raceBeforeBatch(org, () =>
      api("DELETE", `/v1/customers/${other.id}`, { token: org.owner.key }),
    );
    const error = await apiError(
      replaceProject(db, org.organizationId, project.id, {
        name: "P",
        description: null,
        customerId: other.id,
        startDate: null,
        endDate: null,
      }),
    );
    expect(error).toMatchObject({ status: 422 });
    expect(error.details).toHaveProperty("customer_id");
  });

  it("milestone and task created in a project deleted meanwhile: 404", async () => {
    const org = await createOrg();
    const first = await apiProject(org.owner.key, org.organizationId);
    const dropFirst = await raceBeforeBatch(org, () =>
      api("DELETE", `/projects/${first.id}`, { token: org.owner.key }),
    );
    expect(
      await apiError(
        createMilestone(dropFirst, org.organizationId, first.id, {
          name: "M",
          description: null,
          dueDate: null,
        }),
      ),
    ).toMatchObject({ status: 404 });
    const second = await apiProject(org.owner.key, org.organizationId);
    const dropSecond = await raceBeforeBatch(org, () =>
      api("DELETE", `/projects/${second.id}`, { token: org.owner.key }),
    );
    expect(
      await apiError(
        createTask(dropSecond, org.organizationId, second.id, {
          title: "T",
          description: null,
          milestoneId: null,
          dueDate: null,
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(await events(org, "milestone.created")).toBe(0);
    expect(await events(org, "task.created")).toBe(0);
  });

  it("task created or moved under a milestone deleted meanwhile: 422 on milestone_id", async () => {
    const org = await createOrg();
    const project = await apiProject(org.owner.key, org.organizationId);
    const fields = (milestoneId: string) => ({ title: "T", description: null, milestoneId, dueDate: null });
    const gone = await apiMilestone(org.owner.key, project.id);
    const dropGone = await raceBeforeBatch(org, () =>
      api("DELETE", `/projects/${project.id}/milestones/${gone.id}`, { token: org.owner.key }),
    );
    const created = await apiError(createTask(dropGone, org.organizationId, project.id, fields(gone.id)));
    expect(created).toMatchObject({ status: 422 });
    expect(created.details).toHaveProperty("milestone_id");

    const task = await apiTask(org.owner.key, project.id);
    const target = await apiMilestone(org.owner.key, project.id, { name: "Target" });
    const dropTarget = await raceBeforeBatch(org, () =>
      api("DELETE", `/projects/${project.id}/milestones/${target.id}`, { token: org.owner.key }),
    );
    const moved = await apiError(
      replaceTask(dropTarget, org.organizationId, project.id, task.id, fields(target.id)),
    );
    expect(moved).toMatchObject({ status: 422 });
    expect(moved.details).toHaveProperty("milestone_id");
  });
});
