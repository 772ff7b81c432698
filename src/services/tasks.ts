// Tasks of a project, each optionally under one of the project's milestones.
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { batchIfUnchanged, isForeignKeyFailure, unchangedGuard, updateIfUnchanged } from "../db/guards";
import { type Task, type TaskStatus, tasks } from "../db/schema/projects";
import { nowIso } from "../lib/clock";
import { notFound, validationError } from "../lib/errors";
import { uuid } from "../lib/ids";
import { type PageRequest, pageOffset } from "../lib/pagination";
import { recordEvent } from "./events";
import { milestoneBelongsToProject } from "./milestones";
import { getProject } from "./projects";

export interface TaskFields {
  title: string;
  description: string | null;
  milestoneId: string | null;
  dueDate: string | null;
  /** Omitted: todo on create, unchanged on replace. */
  status?: TaskStatus;
}

export function serializeTask(t: Task) {
  return {
    id: t.id,
    project_id: t.projectId,
    milestone_id: t.milestoneId,
    title: t.title,
    description: t.description,
    status: t.status,
    due_date: t.dueDate,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

async function assertMilestoneOfProject(
  db: Db,
  organizationId: string,
  projectId: string,
  milestoneId: string | null,
) {
  if (milestoneId === null) return;
  if (!(await milestoneBelongsToProject(db, organizationId, projectId, milestoneId))) {
    throw validationError({ milestone_id: "No milestone with this id in the project" });
  }
}

/**
 * A foreign key refused a task write: the project (404) or the milestone (422 on milestone_id)
 * was deleted after the checks. Anything else is returned as it was.
 */
async function parentGone(
  db: Db,
  organizationId: string,
  projectId: string,
  error: unknown,
): Promise<unknown> {
  if (!isForeignKeyFailure(error)) return error;
  await getProject(db, organizationId, projectId); // throws 404 when the project is gone
  return validationError({ milestone_id: "No milestone with this id in the project" });
}

/** The task of the project, or 404 for a missing project, then for a missing task. */
export async function getTask(db: Db, organizationId: string, projectId: string, id: string): Promise<Task> {
  await getProject(db, organizationId, projectId);
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.projectId, projectId), eq(tasks.organizationId, organizationId)));
  if (!row) throw notFound("Task");
  return row;
}

export async function listTasks(
  db: Db,
  organizationId: string,
  projectId: string,
  query: PageRequest & { milestoneId?: string; status?: TaskStatus },
) {
  await getProject(db, organizationId, projectId);
  const where = and(
    eq(tasks.projectId, projectId),
    eq(tasks.organizationId, organizationId),
    query.milestoneId ? eq(tasks.milestoneId, query.milestoneId) : undefined,
    query.status ? eq(tasks.status, query.status) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(asc(tasks.createdAt), asc(tasks.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function createTask(db: Db, organizationId: string, projectId: string, fields: TaskFields) {
  await getProject(db, organizationId, projectId);
  await assertMilestoneOfProject(db, organizationId, projectId, fields.milestoneId);
  const at = nowIso();
  const row: Task = {
    id: uuid(),
    organizationId,
    projectId,
    milestoneId: fields.milestoneId,
    title: fields.title,
    description: fields.description,
    status: fields.status ?? "todo",
    dueDate: fields.dueDate,
    createdAt: at,
    updatedAt: at,
  };
  const event = recordEvent(db, { organizationId, type: "task.created", object: serializeTask(row), at });
  try {
    await db.batch([db.insert(tasks).values(row), ...event.statements]);
  } catch (error) {
    throw await parentGone(db, organizationId, projectId, error);
  }
  return { task: row, eventId: event.id };
}

/** PUT: every field is replaced; an omitted status keeps the current one. */
export async function replaceTask(
  db: Db,
  organizationId: string,
  projectId: string,
  id: string,
  fields: TaskFields,
) {
  const current = await getTask(db, organizationId, projectId, id);
  if (fields.milestoneId !== current.milestoneId) {
    await assertMilestoneOfProject(db, organizationId, projectId, fields.milestoneId);
  }
  const at = nowIso();
  const row: Task = {
    ...current,
    title: fields.title,
    description: fields.description,
    milestoneId: fields.milestoneId,
    dueDate: fields.dueDate,
    status: fields.status ?? current.status,
    updatedAt: at,
  };
  const event = recordEvent(db, { organizationId, type: "task.updated", object: serializeTask(row), at });
  let stored: Task;
  try {
    stored = await updateIfUnchanged(db, tasks, "Task", current, row, { after: event.statements });
  } catch (error) {
    throw await parentGone(db, organizationId, projectId, error);
  }
  return { task: stored, eventId: event.id };
}

export async function deleteTask(db: Db, organizationId: string, projectId: string, id: string) {
  const current = await getTask(db, organizationId, projectId, id);
  const event = recordEvent(db, {
    organizationId,
    type: "task.deleted",
    object: serializeTask(current),
    at: nowIso(),
  });
  await batchIfUnchanged(db, tasks, current, "Task", [
    unchangedGuard(db, tasks, current),
    db.delete(tasks).where(and(eq(tasks.id, id), eq(tasks.projectId, projectId))),
    ...event.statements,
  ]);
  return { eventId: event.id };
}
