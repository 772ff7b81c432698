// Request and response schemas of projects, milestones and tasks (fields in snake_case,
// dates YYYY-MM-DD, timestamps ISO 8601), as the interface document lists them.
import { z } from "@hono/zod-openapi";
import { MILESTONE_STATUSES, PROJECT_STATUSES, TASK_STATUSES } from "../../db/schema/projects";
import { MetadataFilterParam, MetadataResponseSchema, MetadataSchema } from "../../lib/metadata";
import { PageQuerySchema, pageList } from "../../lib/pagination";
import { DateSchema, MultiLineText, SingleLineText } from "../../lib/schemas";

const requiredText = (label: string, max: number) => SingleLineText({ label, max });

const optionalText = (label: string, max: number) => MultiLineText({ label, max }).nullish();

/** Ids of customers and milestones are looked up, not parsed: an unknown one is a 422 on its field. */
const reference = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a string`),
    })
    .min(1, `${label} is required`)
    .max(64, `${label} is not a known id`);

// ---- Projects ----

export const ProjectStatusSchema = z.enum(PROJECT_STATUSES, {
  error: `Status must be one of ${PROJECT_STATUSES.join(", ")}`,
});

export const ProjectSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(PROJECT_STATUSES),
    customer_id: z.string(),
    start_date: DateSchema.nullable(),
    end_date: DateSchema.nullable(),
    metadata: MetadataResponseSchema,
    created_at: z.string().openapi({ example: "2026-11-21T14:30:00.000Z" }),
    updated_at: z.string().openapi({ example: "2026-11-21T14:30:00.000Z" }),
  })
  .openapi("Project");

/** Create and replace (PUT) take the same body; PUT without status keeps the current one. */
export const ProjectInputSchema = z
  .strictObject({
    name: requiredText("Name", 200),
    description: optionalText("Description", 5000),
    customer_id: reference("Customer"),
    start_date: DateSchema.nullish(),
    end_date: DateSchema.nullish(),
    status: ProjectStatusSchema.optional().openapi({
      description:
        "active on create unless given. Moves: active <-> completed, active/completed -> archived, archived -> active",
    }),
    metadata: MetadataSchema.nullable().optional().openapi({
      description: "On PUT: omitted keeps the stored metadata; an object merges into it; null clears it",
    }),
  })
  .superRefine((body, ctx) => {
    if (body.start_date && body.end_date && body.end_date < body.start_date) {
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: "End date must not be before the start date",
      });
    }
  })
  .openapi("ProjectInput");

export const ProjectListQuerySchema = PageQuerySchema.extend({
  search: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "search", in: "query" }, description: "Part of the project name" }),
  status: z
    .enum(PROJECT_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
  metadata: MetadataFilterParam,
});

export const ProjectListSchema = pageList(ProjectSchema).openapi("ProjectList");

// ---- Milestones ----

export const MilestoneSchema = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(MILESTONE_STATUSES),
    due_date: DateSchema.nullable(),
    order: z.number().int().openapi({ description: "Position among the project's milestones" }),
    task_count: z.number().int(),
    completed_task_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Milestone");

const OrderSchema = z
  .number({ error: "Order must be an integer" })
  .int("Order must be an integer")
  .min(0, "Order must not be negative")
  .max(2_147_483_647, "Order is too large");

/** Create and replace (PUT). Without order: last on create, unchanged on PUT. */
export const MilestoneInputSchema = z
  .strictObject({
    name: requiredText("Name", 200),
    description: optionalText("Description", 5000),
    status: z
      .enum(MILESTONE_STATUSES, { error: `Status must be one of ${MILESTONE_STATUSES.join(", ")}` })
      .optional()
      .openapi({ description: "planned on create unless given; unchanged on PUT unless given" }),
    due_date: DateSchema.nullish().openapi({
      description: "Not in the past (UTC) on create, or on update when it changes",
    }),
    order: OrderSchema.optional().openapi({
      description: "Taken order: that milestone and those after it move up by one",
    }),
  })
  .openapi("MilestoneInput");

export const MilestoneListQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(MILESTONE_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
});

export const MilestoneListSchema = pageList(MilestoneSchema).openapi("MilestoneList");

export const ReorderMilestonesSchema = z
  .strictObject({
    milestones: z
      .array(z.strictObject({ id: reference("Milestone id"), order: OrderSchema }), {
        error: "milestones must be an array of { id, order }",
      })
      .min(1, "List at least one milestone")
      .max(500, "At most 500 milestones at once"),
  })
  .openapi("ReorderMilestones");

export const MilestoneOrderSchema = z
  .object({ data: z.array(MilestoneSchema) })
  .openapi("MilestoneOrder", { description: "All of the project's milestones, in their new order" });

// ---- Tasks ----

export const TaskStatusSchema = z.enum(TASK_STATUSES, {
  error: `Status must be one of ${TASK_STATUSES.join(", ")}`,
});

export const TaskSchema = z
  .object({
    id: z.uuid(),
    project_id: z.uuid(),
    milestone_id: z.uuid().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(TASK_STATUSES),
    due_date: DateSchema.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Task");

/** Create and replace (PUT). */
export const TaskInputSchema = z
  .strictObject({
    title: requiredText("Title", 200),
    description: optionalText("Description", 5000),
    status: TaskStatusSchema.optional().openapi({ description: "todo on create unless given" }),
    milestone_id: reference("Milestone")
      .nullish()
      .openapi({ description: "A milestone of the same project, or null" }),
    due_date: DateSchema.nullish(),
  })
  .openapi("TaskInput");

export const TaskListQuerySchema = PageQuerySchema.extend({
  milestone_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ param: { name: "milestone_id", in: "query" } }),
  status: z
    .enum(TASK_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
});

export const TaskListSchema = pageList(TaskSchema).openapi("TaskList");

export type ProjectInput = z.infer<typeof ProjectInputSchema>;
export type MilestoneInput = z.infer<typeof MilestoneInputSchema>;
export type TaskInput = z.infer<typeof TaskInputSchema>;
