// Route descriptions of /v1/events: what happened in the organization, as webhooks report it.
import { jsonResponse, notFoundError } from "../../lib/openapi";
import { memberRoute } from "../factories";
import { EventListSchema, EventParams, EventQuerySchema, EventSchema } from "./events.schemas";

const tags = ["Events"];

export const listEvents = memberRoute({
  operationId: "listEvents",
  method: "get",
  path: "/v1/events",
  tags,
  summary: "List the organization's events, newest first (cursor pages, kept 30 days)",
  request: { query: EventQuerySchema },
  responses: { 200: jsonResponse(EventListSchema, "Events, newest first") },
});

export const getEvent = memberRoute({
  operationId: "getEvent",
  method: "get",
  path: "/v1/events/{id}",
  tags,
  summary: "One event, with the payload webhooks deliver",
  request: { params: EventParams },
  responses: { 200: jsonResponse(EventSchema, "The event"), ...notFoundError },
});
