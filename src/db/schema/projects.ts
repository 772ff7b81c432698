// Projects, their ordered milestones and their tasks. Every row carries organization_id, so
// each query filters by tenant directly. Children are removed explicitly in the same batch as
// their parent (no ON DELETE CASCADE): the foreign keys only guard against orphans.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Metadata } from "../../lib/metadata";
import { customers } from "./customers";
import { organizations } from "./identity";

export const PROJECT_STATUSES = ["active", "completed", "archived"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const MILESTONE_STATUSES = ["planned", "in_progress", "completed", "cancelled"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const TASK_STATUSES = ["todo", "in_progress", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("active"),
    /** YYYY-MM-DD. */
    startDate: text("start_date"),
    /** YYYY-MM-DD, never before start_date. */
    endDate: text("end_date"),
    /** The integrator's own strings (src/lib/metadata.ts); NULL when none. */
    metadata: text("metadata", { mode: "json" }).$type<Metadata>(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // The list's ORDER BY created_at DESC, id DESC, with and without the status filter.
    index("projects_organization_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("projects_organization_status_created_idx").on(t.organizationId, t.status, t.createdAt, t.id),
    index("projects_customer_idx").on(t.customerId),
  ],
);

export const milestones = sqliteTable(
  "milestones",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: MILESTONE_STATUSES }).notNull().default("planned"),
    /** YYYY-MM-DD. */
    dueDate: text("due_date"),
    /**
     * The API's `order`: distinct within a project, kept so by the service rather than a
     * unique index, which SQLite would check row by row while a shift or reorder is half done.
     */
    position: integer("position").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  // The list's ORDER BY position, created_at, id.
  (t) => [index("milestones_project_position_idx").on(t.projectId, t.position, t.createdAt, t.id)],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id),
    milestoneId: text("milestone_id").references(() => milestones.id),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("todo"),
    /** YYYY-MM-DD. */
    dueDate: text("due_date"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // The list's ORDER BY created_at, id: unfiltered, by milestone, by status.
    index("tasks_project_created_idx").on(t.projectId, t.createdAt, t.id),
    index("tasks_project_milestone_idx").on(t.projectId, t.milestoneId, t.createdAt, t.id),
    index("tasks_project_status_idx").on(t.projectId, t.status, t.createdAt, t.id),
    // The foreign key's own lookup: deleting a milestone checks for tasks without a scan.
    index("tasks_milestone_idx").on(t.milestoneId),
  ],
);

export type Project = typeof projects.$inferSelect;
export type Milestone = typeof milestones.$inferSelect;
export type Task = typeof tasks.$inferSelect;
