// Route descriptions of projects, milestones and tasks. Paths start at /projects; app.ts
// mounts the router both at / and at /v1.
import { createRoute } from "@hono/zod-openapi";
import {
  bearerSecurity,
  commonErrors,
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { requireUser } from "../../middleware/auth";
import {
  MilestoneInputSchema,
  MilestoneListQuerySchema,
  MilestoneListSchema,
  MilestoneOrderSchema,
  MilestoneSchema,
  ProjectInputSchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectSchema,
  ReorderMilestonesSchema,
  TaskInputSchema,
  TaskListQuerySchema,
  TaskListSchema,
  TaskSchema,
} from "./projects.schemas";

const ProjectParam = IdParam("id", "Project id");
const ProjectIdParam = IdParam("projectId", "Project id");
const ChildParams = (what: string) => ProjectIdParam.extend(IdParam("id", `${what} id`).shape);

// ---- Projects ----

export const listProjects = createRoute({
  method: "get",
  path: "/projects",
  tags: ["Projects"],
  summary: "List projects, newest first; search matches part of the name",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { query: ProjectListQuerySchema },
  responses: {
    200: jsonResponse(ProjectListSchema, "A page of projects; count is the total that match"),
    ...commonErrors,
  },
});

export const getProject = createRoute({
  method: "get",
  path: "/projects/{id}",
  tags: ["Projects"],
  summary: "Get a project",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectParam },
  responses: { 200: jsonResponse(ProjectSchema, "The project"), ...commonErrors, ...notFoundError },
});

export const createProject = createRoute({
  method: "post",
  path: "/projects",
  tags: ["Projects"],
  summary: "Create a project for a customer of the organization",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { body: jsonBody(ProjectInputSchema) },
  responses: {
    201: jsonResponse(ProjectSchema, "The created project"),
    ...commonErrors,
    ...validationErrorResponse,
  },
});

export const replaceProject = createRoute({
  method: "put",
  path: "/projects/{id}",
  tags: ["Projects"],
  summary: "Replace a project's fields; status moves are limited (409 otherwise)",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectParam, body: jsonBody(ProjectInputSchema) },
  responses: {
    200: jsonResponse(ProjectSchema, "The updated project"),
    ...commonErrors,
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteProject = createRoute({
  method: "delete",
  path: "/projects/{id}",
  tags: ["Projects"],
  summary: "Delete a project with its milestones and tasks",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectParam },
  responses: { 204: noContent, ...commonErrors, ...notFoundError, ...conflictError },
});

// ---- Milestones ----

export const listMilestones = createRoute({
  method: "get",
  path: "/projects/{projectId}/milestones",
  tags: ["Milestones"],
  summary: "List a project's milestones by order",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectIdParam, query: MilestoneListQuerySchema },
  responses: {
    200: jsonResponse(MilestoneListSchema, "A page of milestones; count is the total that match"),
    ...commonErrors,
    ...notFoundError,
  },
});

export const reorderMilestones = createRoute({
  method: "patch",
  path: "/projects/{projectId}/milestones/reorder",
  tags: ["Milestones"],
  summary: "Set the order of some or all milestones at once",
  description:
    "Every id must be a milestone of the project and appear once; the resulting orders must be " +
    "distinct non-negative integers (milestones left out keep theirs). Applied atomically.",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectIdParam, body: jsonBody(ReorderMilestonesSchema) },
  responses: {
    200: jsonResponse(MilestoneOrderSchema, "All of the project's milestones in their new order"),
    ...commonErrors,
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const getMilestone = createRoute({
  method: "get",
  path: "/projects/{projectId}/milestones/{id}",
  tags: ["Milestones"],
  summary: "Get a milestone with its task counts",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ChildParams("Milestone") },
  responses: { 200: jsonResponse(MilestoneSchema, "The milestone"), ...commonErrors, ...notFoundError },
});

export const createMilestone = createRoute({
  method: "post",
  path: "/projects/{projectId}/milestones",
  tags: ["Milestones"],
  summary: "Add a milestone; without order it goes last",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectIdParam, body: jsonBody(MilestoneInputSchema) },
  responses: {
    201: jsonResponse(MilestoneSchema, "The created milestone"),
    ...commonErrors,
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const replaceMilestone = createRoute({
  method: "put",
  path: "/projects/{projectId}/milestones/{id}",
  tags: ["Milestones"],
  summary: "Replace a milestone's fields",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ChildParams("Milestone"), body: jsonBody(MilestoneInputSchema) },
  responses: {
    200: jsonResponse(MilestoneSchema, "The updated milestone"),
    ...commonErrors,
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteMilestone = createRoute({
  method: "delete",
  path: "/projects/{projectId}/milestones/{id}",
  tags: ["Milestones"],
  summary: "Delete a milestone; its tasks stay in the project without a milestone",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ChildParams("Milestone") },
  responses: { 204: noContent, ...commonErrors, ...notFoundError, ...conflictError },
});

// ---- Tasks ----

export const listTasks = createRoute({
  method: "get",
  path: "/projects/{projectId}/tasks",
  tags: ["Tasks"],
  summary: "List a project's tasks, oldest first",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectIdParam, query: TaskListQuerySchema },
  responses: {
    200: jsonResponse(TaskListSchema, "A page of tasks; count is the total that match"),
    ...commonErrors,
    ...notFoundError,
  },
});

export const getTask = createRoute({
  method: "get",
  path: "/projects/{projectId}/tasks/{id}",
  tags: ["Tasks"],
  summary: "Get a task",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ChildParams("Task") },
  responses: { 200: jsonResponse(TaskSchema, "The task"), ...commonErrors, ...notFoundError },
});

export const createTask = createRoute({
  method: "post",
  path: "/projects/{projectId}/tasks",
  tags: ["Tasks"],
  summary: "Add a task, optionally under one of the project's milestones",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ProjectIdParam, body: jsonBody(TaskInputSchema) },
  responses: {
    201: jsonResponse(TaskSchema, "The created task"),
    ...commonErrors,
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const replaceTask = createRoute({
  method: "put",
  path: "/projects/{projectId}/tasks/{id}",
  tags: ["Tasks"],
  summary: "Replace a task's fields (move it between milestones, change its status)",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ChildParams("Task"), body: jsonBody(TaskInputSchema) },
  responses: {
    200: jsonResponse(TaskSchema, "The updated task"),
    ...commonErrors,
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteTask = createRoute({
  method: "delete",
  path: "/projects/{projectId}/tasks/{id}",
  tags: ["Tasks"],
  summary: "Delete a task",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params: ChildParams("Task") },
  responses: { 204: noContent, ...commonErrors, ...notFoundError, ...conflictError },
});
