// Route descriptions of the operator's organization moves between databases.
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { adminRoute } from "../factories";
import { OrganizationMoveSchema, StartMoveSchema } from "./moves.schemas";

const tags = ["Admin"];
const params = IdParam("id", "Organization id");

export const startOrganizationMove = adminRoute({
  method: "post",
  path: "/v1/admin/organizations/{id}/move",
  operationId: "startOrganizationMove",
  tags,
  summary: "Start moving an organization to another database (or answer the move already running)",
  request: { params, body: jsonBody(StartMoveSchema) },
  responses: {
    201: jsonResponse(OrganizationMoveSchema, "Started: the organization's writes pause until the flip"),
    200: jsonResponse(OrganizationMoveSchema, "The move already running to that database"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const stepOrganizationMove = adminRoute({
  method: "post",
  path: "/v1/admin/organizations/{id}/move/step",
  operationId: "stepOrganizationMove",
  tags,
  summary: "Run one bounded step of an organization's move",
  request: { params },
  responses: { 200: jsonResponse(OrganizationMoveSchema, "The move after the step"), ...notFoundError },
});

export const getOrganizationMove = adminRoute({
  method: "get",
  path: "/v1/admin/organizations/{id}/move",
  operationId: "getOrganizationMove",
  tags,
  summary: "An organization's latest move",
  request: { params },
  responses: { 200: jsonResponse(OrganizationMoveSchema, "The move"), ...notFoundError },
});
