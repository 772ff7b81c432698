// Route descriptions of projects, milestones and tasks. Paths start at /projects; app.ts
// mounts the router both at / and at /v1.
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { memberRoute } from "../factories";
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

export const listProjects = memberRoute({
  method: "get",
  path: "/projects",
  operationId: "listProjects",
  tags: ["Projects"],
  summary: "List projects, newest first; search matches part of the name",
  request: { query: ProjectListQuerySchema },
  responses: {
    200: jsonResponse(ProjectListSchema, "A page of projects; count is the total that match"),
  },
});

export const getProject = memberRoute({
  method: "get",
  path: "/projects/{id}",
  operationId: "getProject",
  tags: ["Projects"],
  summary: "Get a project",
  request: { params: ProjectParam },
  responses: { 200: jsonResponse(ProjectSchema, "The project"), ...notFoundError },
});

export const createProject = memberRoute({
  method: "post",
  path: "/projects",
  operationId: "createProject",
  tags: ["Projects"],
  summary: "Create a project for a customer of the organization",
  request: { body: jsonBody(ProjectInputSchema) },
  responses: {
    201: jsonResponse(ProjectSchema, "The created project"),
    ...validationErrorResponse,
  },
});

export const replaceProject = memberRoute({
  method: "put",
  path: "/projects/{id}",
  operationId: "replaceProject",
  tags: ["Projects"],
  summary: "Replace a project's fields; status moves are limited (409 otherwise)",
  request: { params: ProjectParam, body: jsonBody(ProjectInputSchema) },
  responses: {
    200: jsonResponse(ProjectSchema, "The updated project"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteProject = memberRoute({
  method: "delete",
  path: "/projects/{id}",
  operationId: "deleteProject",
  tags: ["Projects"],
  summary: "Delete a project with its milestones and tasks",
  request: { params: ProjectParam },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});

// ---- Milestones ----

export const listMilestones = memberRoute({
  method: "get",
  path: "/projects/{projectId}/milestones",
  operationId: "listMilestones",
  tags: ["Milestones"],
  summary: "List a project's milestones by order",
  request: { params: ProjectIdParam, query: MilestoneListQuerySchema },
  responses: {
    200: jsonResponse(MilestoneListSchema, "A page of milestones; count is the total that match"),
    ...notFoundError,
  },
});

export const reorderMilestones = memberRoute({
  method: "patch",
  path: "/projects/{projectId}/milestones/reorder",
  operationId: "reorderMilestones",
  tags: ["Milestones"],
  summary: "Set the order of some or all milestones at once",
  description:
    "Every id must be a milestone of the project and appear once; the resulting orders must be " +
    "distinct non-negative integers (milestones left out keep theirs). Applied atomically.",
  request: { params: ProjectIdParam, body: jsonBody(ReorderMilestonesSchema) },
  responses: {
    200: jsonResponse(MilestoneOrderSchema, "All of the project's milestones in their new order"),
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const getMilestone = memberRoute({
  method: "get",
  path: "/projects/{projectId}/milestones/{id}",
  operationId: "getMilestone",
  tags: ["Milestones"],
  summary: "Get a milestone with its task counts",
  request: { params: ChildParams("Milestone") },
  responses: { 200: jsonResponse(MilestoneSchema, "The milestone"), ...notFoundError },
});

export const createMilestone = memberRoute({
  method: "post",
  path: "/projects/{projectId}/milestones",
  operationId: "createMilestone",
  tags: ["Milestones"],
  summary: "Add a milestone; without order it goes last",
  request: { params: ProjectIdParam, body: jsonBody(MilestoneInputSchema) },
  responses: {
    201: jsonResponse(MilestoneSchema, "The created milestone"),
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const replaceMilestone = memberRoute({
  method: "put",
  path: "/projects/{projectId}/milestones/{id}",
  operationId: "replaceMilestone",
  tags: ["Milestones"],
  summary: "Replace a milestone's fields",
  request: { params: ChildParams("Milestone"), body: jsonBody(MilestoneInputSchema) },
  responses: {
    200: jsonResponse(MilestoneSchema, "The updated milestone"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteMilestone = memberRoute({
  method: "delete",
  path: "/projects/{projectId}/milestones/{id}",
  operationId: "deleteMilestone",
  tags: ["Milestones"],
  summary: "Delete a milestone; its tasks stay in the project without a milestone",
  request: { params: ChildParams("Milestone") },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});

// ---- Tasks ----

export const listTasks = memberRoute({
  method: "get",
  path: "/projects/{projectId}/tasks",
  operationId: "listTasks",
  tags: ["Tasks"],
  summary: "List a project's tasks, oldest first",
  request: { params: ProjectIdParam, query: TaskListQuerySchema },
  responses: {
    200: jsonResponse(TaskListSchema, "A page of tasks; count is the total that match"),
    ...notFoundError,
  },
});

export const getTask = memberRoute({
  method: "get",
  path: "/projects/{projectId}/tasks/{id}",
  operationId: "getTask",
  tags: ["Tasks"],
  summary: "Get a task",
  request: { params: ChildParams("Task") },
  responses: { 200: jsonResponse(TaskSchema, "The task"), ...notFoundError },
});

export const createTask = memberRoute({
  method: "post",
  path: "/projects/{projectId}/tasks",
  operationId: "createTask",
  tags: ["Tasks"],
  summary: "Add a task, optionally under one of the project's milestones",
  request: { params: ProjectIdParam, body: jsonBody(TaskInputSchema) },
  responses: {
    201: jsonResponse(TaskSchema, "The created task"),
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const replaceTask = memberRoute({
  method: "put",
  path: "/projects/{projectId}/tasks/{id}",
  operationId: "replaceTask",
  tags: ["Tasks"],
  summary: "Replace a task's fields (move it between milestones, change its status)",
  request: { params: ChildParams("Task"), body: jsonBody(TaskInputSchema) },
  responses: {
    200: jsonResponse(TaskSchema, "The updated task"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteTask = memberRoute({
  method: "delete",
  path: "/projects/{projectId}/tasks/{id}",
  operationId: "deleteTask",
  tags: ["Tasks"],
  summary: "Delete a task",
  request: { params: ChildParams("Task") },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});
