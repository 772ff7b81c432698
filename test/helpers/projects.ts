// Factories for projects, milestones and tasks through the API, plus a date helper.
import { expect } from "vitest";
import { api } from "./api";
import { insertCustomer } from "./customers";

/** YYYY-MM-DD, `days` from today (UTC). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function createProject(
  key: string,
  organizationId: string,
  body: Record<string, unknown> = {},
): Promise<any> {
  const customerId = (body.customer_id as string | undefined) ?? (await insertCustomer(organizationId));
  const res = await api("POST", "/projects", {
    token: key,
    body: { name: "Website relaunch", customer_id: customerId, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function createMilestone(key: string, projectId: string, body: Record<string, unknown> = {}) {
  const res = await api("POST", `/projects/${projectId}/milestones`, {
    token: key,
    body: { name: "Design", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function createTask(key: string, projectId: string, body: Record<string, unknown> = {}) {
  const res = await api("POST", `/projects/${projectId}/tasks`, {
    token: key,
    body: { title: "Draft the wireframes", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
