// Milestones of a project: their order, the due-date rule, reorder, and the task counts,
// which are computed from the tasks on every read (never a stored counter that can drift).
import { and, asc, count, eq, gte, max, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { batchIfUnchanged, isForeignKeyFailure, unchangedGuard, updateIfUnchanged } from "../db/guards";
import { type Milestone, type MilestoneStatus, milestones, tasks } from "../db/schema/projects";
import { nowIso, utcDate } from "../lib/clock";
import { notFound, validationError } from "../lib/errors";
import { uuid } from "../lib/ids";
import { type PageRequest, pageOffset } from "../lib/pagination";
import { recordEvent } from "./events";
import { getProject } from "./projects";

export interface MilestoneFields {
  name: string;
  description: string | null;
  dueDate: string | null;
  /** Omitted: planned on create, unchanged on replace. */
  status?: MilestoneStatus;
  /** Omitted: last on create, unchanged on replace. */
  order?: number;
}

export interface MilestoneWithCounts {
  milestone: Milestone;
  taskCount: number;
  completedTaskCount: number;
}

export function serializeMilestone({ milestone: m, taskCount, completedTaskCount }: MilestoneWithCounts) {
  return {
    id: m.id,
    project_id: m.projectId,
    name: m.name,
    description: m.description,
    status: m.status,
    due_date: m.dueDate,
    order: m.position,
    task_count: taskCount,
    completed_task_count: completedTaskCount,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}

/**
 * Milestones of one project joined to their task counts: one grouped subquery over the
 * project's tasks, so a page of milestones is one query, not one per milestone.
 */
function selectWithCounts(db: Db, projectId: string, where: SQL | undefined) {
  const counts = db
    .select({
      milestoneId: tasks.milestoneId,
      taskCount: sql<number>`count(*)`.as("task_count"),
      completedTaskCount: sql<number>`sum(${tasks.status} = 'done')`.as("completed_task_count"),
    })
    .from(tasks)
    .where(eq(tasks.projectId, projectId))
    .groupBy(tasks.milestoneId)
    .as("task_counts");
  return db
    .select({
      milestone: milestones,
      taskCount: sql<number>`coalesce(${counts.taskCount}, 0)`.mapWith(Number),
      completedTaskCount: sql<number>`coalesce(${counts.completedTaskCount}, 0)`.mapWith(Number),
    })
    .from(milestones)
    .leftJoin(counts, eq(counts.milestoneId, milestones.id))
    .where(and(eq(milestones.projectId, projectId), where))
    .orderBy(asc(milestones.position), asc(milestones.createdAt), asc(milestones.id))
    .$dynamic();
}

/** Every milestone of the project, in order (for reorder's answer). */
async function allMilestones(db: Db, organizationId: string, projectId: string) {
  return selectWithCounts(db, projectId, eq(milestones.organizationId, organizationId));
}

function assertDueDateNotPast(dueDate: string | null): void {
  if (dueDate && dueDate < utcDate()) {
    throw validationError({ due_date: "Due date must not be in the past" });
  }
}

/**
 * When `order` is already held by another milestone of the project, that milestone and every
 * one after it move up by one (insert before). Without a collision nothing moves, so gaps
 * left by deletes or by reorder stay as they are.
 */
function makeRoomAt(db: Db, projectId: string, order: number, exceptId: string, at: string) {
  return db
    .update(milestones)
    .set({ position: sql`${milestones.position} + 1`, updatedAt: at })
    .where(
      and(
        eq(milestones.projectId, projectId),
        gte(milestones.position, order),
        ne(milestones.id, exceptId),
        sql`EXISTS (SELECT 1 FROM ${milestones} AS taken
                    WHERE taken.project_id = ${projectId} AND taken.position = ${order}
                      AND taken.id <> ${exceptId})`,
      ),
    );
}

/** The milestone of the project, or 404 for a missing project, then for a missing milestone. */
export async function getMilestone(db: Db, organizationId: string, projectId: string, id: string) {
  await getProject(db, organizationId, projectId);
  const [row] = await selectWithCounts(
    db,
    projectId,
    and(eq(milestones.id, id), eq(milestones.organizationId, organizationId)),
  );
  if (!row) throw notFound("Milestone");
  return row;
}

export async function listMilestones(
  db: Db,
  organizationId: string,
  projectId: string,
  query: PageRequest & { status?: MilestoneStatus },
) {
  await getProject(db, organizationId, projectId);
  const where = and(
    eq(milestones.organizationId, organizationId),
    query.status ? eq(milestones.status, query.status) : undefined,
  );
  const [rows, [total]] = await db.batch([
    selectWithCounts(db, projectId, where).limit(query.limit).offset(pageOffset(query)),
    db
      .select({ n: count() })
      .from(milestones)
      .where(and(eq(milestones.projectId, projectId), where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function createMilestone(
  db: Db,
  organizationId: string,
  projectId: string,
  fields: MilestoneFields,
) {
  await getProject(db, organizationId, projectId);
  assertDueDateNotPast(fields.dueDate);
  let order = fields.order;
  if (order === undefined) {
    const [last] = await db
      .select({ position: max(milestones.position) })
      .from(milestones)
      .where(eq(milestones.projectId, projectId));
    order = last?.position == null ? 0 : last.position + 1;
  }
  const at = nowIso();
  const row: Milestone = {
    id: uuid(),
    organizationId,
    projectId,
    name: fields.name,
    description: fields.description,
    status: fields.status ?? "planned",
    dueDate: fields.dueDate,
    position: order,
    createdAt: at,
    updatedAt: at,
  };
  const created: MilestoneWithCounts = { milestone: row, taskCount: 0, completedTaskCount: 0 };
  const event = recordEvent(db, {
    organizationId,
    type: "milestone.created",
    object: serializeMilestone(created),
    at,
  });
  // makeRoomAt also covers two creates racing for the same "last" order: the later batch
  // finds the place taken and moves the earlier one up.
  try {
    await db.batch([
      makeRoomAt(db, projectId, order, row.id, at),
      db.insert(milestones).values(row),
      ...event.statements,
    ]);
  } catch (error) {
    // The project was deleted after the check: its foreign key refused the insert.
    if (isForeignKeyFailure(error)) throw notFound("Project");
    throw error;
  }
  return { milestone: created, eventId: event.id };
}

/** PUT: name, description and due_date are replaced; status and order only when given. */
export async function replaceMilestone(
  db: Db,
  organizationId: string,
  projectId: string,
  id: string,
  fields: MilestoneFields,
) {
  const current = await getMilestone(db, organizationId, projectId, id);
  if (fields.dueDate !== current.milestone.dueDate) assertDueDateNotPast(fields.dueDate);
  const at = nowIso();
  const row: Milestone = {
    ...current.milestone,
    name: fields.name,
    description: fields.description,
    dueDate: fields.dueDate,
    status: fields.status ?? current.milestone.status,
    position: fields.order ?? current.milestone.position,
    updatedAt: at,
  };
  const updated: MilestoneWithCounts = { ...current, milestone: row };
  const event = recordEvent(db, {
    organizationId,
    type: "milestone.updated",
    object: serializeMilestone(updated),
    at,
  });
  const moves = row.position !== current.milestone.position;
  // makeRoomAt leaves this milestone out, so it may run after its own update.
  // Only if the row is still what was read, including its order: a concurrent insert that shifted
  // it would be undone by writing the old order back.
  const stored = await updateIfUnchanged(db, milestones, "Milestone", current.milestone, row, {
    after: [...(moves ? [makeRoomAt(db, projectId, row.position, id, at)] : []), ...event.statements],
  });
  return { milestone: { ...updated, milestone: stored }, eventId: event.id };
}

/** Deletes the milestone; its tasks stay in the project without a milestone. */
export async function deleteMilestone(db: Db, organizationId: string, projectId: string, id: string) {
  const current = await getMilestone(db, organizationId, projectId, id);
  const at = nowIso();
  const event = recordEvent(db, {
    organizationId,
    type: "milestone.deleted",
    object: serializeMilestone(current),
    at,
  });
  await batchIfUnchanged(db, milestones, current.milestone, "Milestone", [
    unchangedGuard(db, milestones, current.milestone),
    db
      .update(tasks)
      .set({ milestoneId: null, updatedAt: at })
      .where(and(eq(tasks.projectId, projectId), eq(tasks.milestoneId, id))),
    db.delete(milestones).where(and(eq(milestones.id, id), eq(milestones.projectId, projectId))),
    ...event.statements,
  ]);
  return { eventId: event.id };
}

/**
 * Gives the listed milestones their new order in one batch. Every id must be a milestone of
 * this project and appear once; the orders must be distinct, also from those of milestones
 * left out of the list (which keep theirs). Answers all the project's milestones in order.
 */
export async function reorderMilestones(
  db: Db,
  organizationId: string,
  projectId: string,
  items: readonly { id: string; order: number }[],
) {
  await getProject(db, organizationId, projectId);
  const existing = await allMilestones(db, organizationId, projectId);
  const byId = new Map(existing.map((row) => [row.milestone.id, row]));

  const details: Record<string, string> = {};
  const seenIds = new Map<string, number>();
  const seenOrders = new Map<number, number>();
  items.forEach((item, i) => {
    if (!byId.has(item.id)) details[`milestones.${i}.id`] = "No milestone with this id in the project";
    else if (seenIds.has(item.id)) {
      details[`milestones.${i}.id`] = `Listed more than once (first at milestones.${seenIds.get(item.id)})`;
    } else seenIds.set(item.id, i);
    if (seenOrders.has(item.order)) {
      details[`milestones.${i}.order`] =
        `Order ${item.order} is used more than once (first at milestones.${seenOrders.get(item.order)})`;
    } else seenOrders.set(item.order, i);
  });
  for (const row of existing) {
    if (seenIds.has(row.milestone.id)) continue;
    const clash = seenOrders.get(row.milestone.position);
    if (clash !== undefined) {
      details[`milestones.${clash}.order`] ??=
        `Order ${row.milestone.position} is held by milestone ${row.milestone.id}, which is not in the list`;
    }
  }
  if (Object.keys(details).length > 0) throw validationError(details, "The new order is not valid");

  const at = nowIso();
  const statements: BatchItem<"sqlite">[] = [];
  const eventIds: string[] = [];
  for (const item of items) {
    const current = byId.get(item.id)!;
    if (current.milestone.position === item.order) continue;
    const moved = { ...current, milestone: { ...current.milestone, position: item.order, updatedAt: at } };
    const event = recordEvent(db, {
      organizationId,
      type: "milestone.updated",
      object: serializeMilestone(moved),
      at,
    });
    statements.push(
      db
        .update(milestones)
        .set({ position: item.order, updatedAt: at })
        .where(and(eq(milestones.id, item.id), eq(milestones.projectId, projectId))),
      ...event.statements,
    );
    eventIds.push(event.id);
  }
  // All moves commit together: a half-applied reorder would leave two milestones on one place.
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return { milestones: await allMilestones(db, organizationId, projectId), eventIds };
}

/** Whether the milestone belongs to this project (and organization); checks a task's milestone_id. */
export async function milestoneBelongsToProject(
  db: Db,
  organizationId: string,
  projectId: string,
  id: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: milestones.id })
    .from(milestones)
    .where(
      and(
        eq(milestones.id, id),
        eq(milestones.projectId, projectId),
        eq(milestones.organizationId, organizationId),
      ),
    );
  return row !== undefined;
}
