// Route descriptions of /v1/organization (the caller's own organization).
import { conflictError, jsonBody, jsonResponse, validationErrorResponse } from "../../lib/openapi";
import { managerRoute, memberRoute } from "../../lib/routes";
import { OrganizationProfileSchema, UpdateOrganizationProfileSchema } from "./organization.schemas";

const tags = ["Organization"];

export const getOrganization = memberRoute({
  method: "get",
  path: "/v1/organization",
  tags,
  summary: "Read the caller's organization with its billing profile",
  responses: { 200: jsonResponse(OrganizationProfileSchema, "The organization") },
});

export const updateOrganization = managerRoute({
  method: "patch",
  path: "/v1/organization",
  tags,
  summary: "Change the name, default currency or billing profile (owner or admin; null clears a field)",
  request: { body: jsonBody(UpdateOrganizationProfileSchema) },
  responses: {
    200: jsonResponse(OrganizationProfileSchema, "The updated organization"),
    ...conflictError,
    ...validationErrorResponse,
  },
});
