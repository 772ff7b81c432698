// Handlers of projects, milestones and tasks: map the API's snake_case to the services and
// back, and start webhook delivery of the events each change recorded.
import { createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { pageResult } from "../../lib/pagination";
import { servicesOf } from "../../middleware/services";
import * as milestoneService from "../../services/milestones";
import * as projectService from "../../services/projects";
import * as taskService from "../../services/tasks";
import * as routes from "./projects.routes";
import type { MilestoneInput, ProjectInput, TaskInput } from "./projects.schemas";

const projectFields = (body: ProjectInput): projectService.ProjectFields => ({
  name: body.name,
  description: body.description ?? null,
  customerId: body.customer_id,
  startDate: body.start_date ?? null,
  endDate: body.end_date ?? null,
  status: body.status,
  metadata: body.metadata,
});

const milestoneFields = (body: MilestoneInput): milestoneService.MilestoneFields => ({
  name: body.name,
  description: body.description ?? null,
  dueDate: body.due_date ?? null,
  status: body.status,
  order: body.order,
});

const taskFields = (body: TaskInput): taskService.TaskFields => ({
  title: body.title,
  description: body.description ?? null,
  milestoneId: body.milestone_id ?? null,
  dueDate: body.due_date ?? null,
  status: body.status,
});

/** Routes under /projects; mounted at / and at /v1 by app.ts. */
export const projectsRouter = createRouter()
  // ---- Projects ----
  .openapi(routes.listProjects, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await projectService.listProjects(db, organizationId, {
      ...query,
      metadata: metadataFilter(c.req.url),
    });
    return c.json(pageResult(rows.map(projectService.serializeProject), total, query), 200);
  })
  .openapi(routes.getProject, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const project = await projectService.getProject(db, organizationId, c.req.valid("param").id);
    return c.json(projectService.serializeProject(project), 200);
  })
  .openapi(routes.createProject, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { project, eventId } = await projectService.createProject(
      db,
      organizationId,
      projectFields(c.req.valid("json")),
    );
    dispatch([eventId]);
    return c.json(projectService.serializeProject(project), 201);
  })
  .openapi(routes.replaceProject, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { project, eventId } = await projectService.replaceProject(
      db,
      organizationId,
      c.req.valid("param").id,
      projectFields(c.req.valid("json")),
    );
    dispatch([eventId]);
    return c.json(projectService.serializeProject(project), 200);
  })
  .openapi(routes.deleteProject, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { eventId } = await projectService.deleteProject(db, organizationId, c.req.valid("param").id);
    dispatch([eventId]);
    return c.body(null, 204);
  })
  // ---- Milestones ----
  .openapi(routes.listMilestones, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await milestoneService.listMilestones(
      db,
      organizationId,
      c.req.valid("param").projectId,
      query,
    );
    return c.json(pageResult(rows.map(milestoneService.serializeMilestone), total, query), 200);
  })
  .openapi(routes.reorderMilestones, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { milestones, eventIds } = await milestoneService.reorderMilestones(
      db,
      organizationId,
      c.req.valid("param").projectId,
      c.req.valid("json").milestones,
    );
    dispatch(eventIds);
    return c.json({ data: milestones.map(milestoneService.serializeMilestone) }, 200);
  })
  .openapi(routes.getMilestone, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { projectId, id } = c.req.valid("param");
    const milestone = await milestoneService.getMilestone(db, organizationId, projectId, id);
    return c.json(milestoneService.serializeMilestone(milestone), 200);
  })
  .openapi(routes.createMilestone, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { milestone, eventId } = await milestoneService.createMilestone(
      db,
      organizationId,
      c.req.valid("param").projectId,
      milestoneFields(c.req.valid("json")),
    );
    dispatch([eventId]);
    return c.json(milestoneService.serializeMilestone(milestone), 201);
  })
  .openapi(routes.replaceMilestone, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { projectId, id } = c.req.valid("param");
    const { milestone, eventId } = await milestoneService.replaceMilestone(
      db,
      organizationId,
      projectId,
      id,
      milestoneFields(c.req.valid("json")),
    );
    dispatch([eventId]);
    return c.json(milestoneService.serializeMilestone(milestone), 200);
  })
  .openapi(routes.deleteMilestone, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { projectId, id } = c.req.valid("param");
    const { eventId } = await milestoneService.deleteMilestone(db, organizationId, projectId, id);
    dispatch([eventId]);
    return c.body(null, 204);
  })
  // ---- Tasks ----
  .openapi(routes.listTasks, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await taskService.listTasks(db, organizationId, c.req.valid("param").projectId, {
      page: query.page,
      limit: query.limit,
      milestoneId: query.milestone_id,
      status: query.status,
    });
    return c.json(pageResult(rows.map(taskService.serializeTask), total, query), 200);
  })
  .openapi(routes.getTask, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { projectId, id } = c.req.valid("param");
    const task = await taskService.getTask(db, organizationId, projectId, id);
    return c.json(taskService.serializeTask(task), 200);
  })
  .openapi(routes.createTask, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { task, eventId } = await taskService.createTask(
      db,
      organizationId,
      c.req.valid("param").projectId,
      taskFields(c.req.valid("json")),
    );
    dispatch([eventId]);
    return c.json(taskService.serializeTask(task), 201);
  })
  .openapi(routes.replaceTask, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { projectId, id } = c.req.valid("param");
    const { task, eventId } = await taskService.replaceTask(
      db,
      organizationId,
      projectId,
      id,
      taskFields(c.req.valid("json")),
    );
    dispatch([eventId]);
    return c.json(taskService.serializeTask(task), 200);
  })
  .openapi(routes.deleteTask, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { projectId, id } = c.req.valid("param");
    const { eventId } = await taskService.deleteTask(db, organizationId, projectId, id);
    dispatch([eventId]);
    return c.body(null, 204);
  });
