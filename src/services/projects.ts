// Projects: the status moves, the customer rule, and deletion with milestones and tasks.
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { batchIfUnchanged, isForeignKeyFailure, unchangedGuard, updateIfUnchanged } from "../db/guards";
import { getOwned } from "../db/owned";
import { customers } from "../db/schema/customers";
import { milestones, type Project, type ProjectStatus, projects, tasks } from "../db/schema/projects";
import { nowIso } from "../lib/clock";
import { ApiError, validationError } from "../lib/errors";
import { uuid } from "../lib/ids";
import {
  createdMetadata,
  type Metadata,
  type MetadataInput,
  mergeMetadata,
  metadataOf,
} from "../lib/metadata";
import { containsText, type PageRequest, pageOffset } from "../lib/pagination";
import { recordEvent } from "./events";
import { clearMetadataEntries, metadataMatches, rewrittenMetadata, writeMetadataEntries } from "./metadata";

export interface ProjectFields {
  name: string;
  description: string | null;
  customerId: string;
  startDate: string | null;
  endDate: string | null;
  /** Omitted: active on create, unchanged on replace. */
  status?: ProjectStatus;
  /** Omitted: none on create, unchanged on replace; merged into the stored one on replace. */
  metadata?: MetadataInput | null;
}

const metadataOwner = (row: Project) =>
  ({ organizationId: row.organizationId, objectType: "project", objectId: row.id }) as const;

/**
 * The moves a project's status may make. Archiving is reachable from both live states, and an
 * archived project comes back only as active (unarchive), so "completed" always means someone
 * finished the work rather than restored an old archive.
 */
export const PROJECT_STATUS_MOVES: Record<ProjectStatus, readonly ProjectStatus[]> = {
  active: ["completed", "archived"],
  completed: ["active", "archived"],
  archived: ["active"],
};

export function serializeProject(p: Project) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    status: p.status,
    customer_id: p.customerId,
    start_date: p.startDate,
    end_date: p.endDate,
    metadata: metadataOf(p.metadata),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

function assertStatusMove(from: ProjectStatus, to: ProjectStatus): void {
  if (from === to || PROJECT_STATUS_MOVES[from].includes(to)) return;
  const allowed = PROJECT_STATUS_MOVES[from].join(" or ");
  throw new ApiError("conflict", `A ${from} project cannot become ${to}`, {
    details: { reason: "invalid_status_transition", status: `From ${from} a project may become ${allowed}` },
  });
}

async function assertCustomerOfOrganization(db: Db, organizationId: string, customerId: string) {
  const [found] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.organizationId, organizationId)));
  if (!found) throw validationError({ customer_id: "No customer with this id in your organization" });
}

/** The customer was deleted after the check: its foreign key refused the write. */
function customerGone(error: unknown): unknown {
  return isForeignKeyFailure(error)
    ? validationError({ customer_id: "No customer with this id in your organization" })
    : error;
}

/** The project, or 404 when it does not exist in this organization. */
export function getProject(db: Db, organizationId: string, id: string): Promise<Project> {
  return getOwned(db, projects, "Project", organizationId, id);
}

export async function listProjects(
  db: Db,
  organizationId: string,
  query: PageRequest & { search?: string; status?: ProjectStatus; metadata?: Metadata },
) {
  const where = and(
    eq(projects.organizationId, organizationId),
    metadataMatches(projects.id, organizationId, "project", query.metadata),
    query.status ? eq(projects.status, query.status) : undefined,
    query.search ? containsText(projects.name, query.search) : undefined,
  );
  // One batch, so the page and the count come from the same snapshot.
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function createProject(db: Db, organizationId: string, fields: ProjectFields) {
  await assertCustomerOfOrganization(db, organizationId, fields.customerId);
  const at = nowIso();
  const row: Project = {
    id: uuid(),
    organizationId,
    customerId: fields.customerId,
    name: fields.name,
    description: fields.description,
    status: fields.status ?? "active",
    startDate: fields.startDate,
    endDate: fields.endDate,
    metadata: createdMetadata(fields.metadata ?? undefined),
    createdAt: at,
    updatedAt: at,
  };
  const event = recordEvent(db, {
    organizationId,
    type: "project.created",
    object: serializeProject(row),
    at,
  });
  try {
    await db.batch([
      db.insert(projects).values(row),
      ...writeMetadataEntries(db, metadataOwner(row), row.metadata, { replace: false }),
      ...event.statements,
    ]);
  } catch (error) {
    throw customerGone(error);
  }
  return { project: row, eventId: event.id };
}

/** PUT: every create field is replaced; an omitted status keeps the current one. */
export async function replaceProject(db: Db, organizationId: string, id: string, fields: ProjectFields) {
  const current = await getProject(db, organizationId, id);
  const status = fields.status ?? current.status;
  assertStatusMove(current.status, status);
  if (fields.customerId !== current.customerId) {
    await assertCustomerOfOrganization(db, organizationId, fields.customerId);
  }
  const at = nowIso();
  const row: Project = {
    ...current,
    name: fields.name,
    description: fields.description,
    customerId: fields.customerId,
    startDate: fields.startDate,
    endDate: fields.endDate,
    status,
    metadata:
      fields.metadata === undefined ? current.metadata : mergeMetadata(current.metadata, fields.metadata),
    updatedAt: at,
  };
  const event = recordEvent(db, {
    organizationId,
    type: "project.updated",
    object: serializeProject(row),
    at,
  });
  const stored = await updateIfUnchanged(db, projects, "Project", current, row, {
    after: [
      ...rewrittenMetadata(db, metadataOwner(row), row.metadata, fields.metadata !== undefined),
      ...event.statements,
    ],
  }).catch((error: unknown) => {
    throw customerGone(error);
  });
  return { project: stored, eventId: event.id };
}

/** Deletes the project with its tasks and milestones, children first, all or nothing. */
export async function deleteProject(db: Db, organizationId: string, id: string) {
  const current = await getProject(db, organizationId, id);
  const event = recordEvent(db, {
    organizationId,
    type: "project.deleted",
    object: serializeProject(current),
    at: nowIso(),
  });
  await batchIfUnchanged(db, projects, current, "Project", [
    unchangedGuard(db, projects, current),
    db.delete(tasks).where(eq(tasks.projectId, id)),
    db.delete(milestones).where(eq(milestones.projectId, id)),
    db.delete(projects).where(and(eq(projects.id, id), eq(projects.organizationId, organizationId))),
    clearMetadataEntries(db, metadataOwner(current)),
    ...event.statements,
  ]);
  return { eventId: event.id };
}
