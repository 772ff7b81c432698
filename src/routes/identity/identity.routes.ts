// Route descriptions of admin bootstrap, members, API keys, tokens and /v1/me.
import { createRoute, z } from "@hono/zod-openapi";
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  misconfiguredError,
  noContent,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { OffsetQuerySchema } from "../../lib/pagination";
import { adminRoute, managerRoute, memberRoute } from "../factories";
import {
  AdminOrganizationListSchema,
  AdminOrganizationSchema,
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
  BootstrapResultSchema,
  CreateApiKeySchema,
  CreateMemberSchema,
  CreateOrganizationSchema,
  MemberCreatedSchema,
  MeSchema,
  OrganizationSchema,
  TokenSchema,
  UpdateMemberSchema,
  UpdateOrganizationSchema,
  UserListSchema,
  UserSchema,
} from "./identity.schemas";

export const createOrganization = adminRoute({
  method: "post",
  path: "/v1/admin/organizations",
  operationId: "createOrganization",
  tags: ["Admin"],
  summary: "Create an organization with its owner and the owner's first API key",
  request: { body: jsonBody(CreateOrganizationSchema) },
  responses: {
    201: jsonResponse(BootstrapResultSchema, "Created; api_key is shown only here"),
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listOrganizations = adminRoute({
  method: "get",
  path: "/v1/admin/organizations",
  operationId: "adminListOrganizations",
  tags: ["Admin"],
  summary: "List every organization, on whichever database it lives, oldest first",
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(AdminOrganizationListSchema, "A page of organizations") },
});

export const getOrganization = adminRoute({
  method: "get",
  path: "/v1/admin/organizations/{id}",
  operationId: "adminGetOrganization",
  tags: ["Admin"],
  summary: "One organization and the database that holds it",
  request: { params: IdParam("id", "Organization id") },
  responses: { 200: jsonResponse(AdminOrganizationSchema, "The organization"), ...notFoundError },
});

export const updateOrganization = adminRoute({
  method: "patch",
  path: "/v1/admin/organizations/{id}",
  operationId: "adminUpdateOrganization",
  tags: ["Admin"],
  summary: "Change an organization's name or tier",
  request: { params: IdParam("id", "Organization id"), body: jsonBody(UpdateOrganizationSchema) },
  responses: {
    200: jsonResponse(OrganizationSchema, "The updated organization"),
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const createMember = managerRoute({
  method: "post",
  path: "/v1/members",
  operationId: "createMember",
  tags: ["Members"],
  summary: "Add a member (owner or admin only); answers the member's first API key once",
  request: { body: jsonBody(CreateMemberSchema) },
  responses: {
    201: jsonResponse(MemberCreatedSchema, "Created"),
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listMembers = memberRoute({
  method: "get",
  path: "/v1/members",
  operationId: "listMembers",
  tags: ["Members"],
  summary: "List the organization's members",
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(UserListSchema, "Members, oldest first") },
});

const MemberParams = IdParam("id", "User id of the member");

export const updateMember = managerRoute({
  operationId: "updateMember",
  method: "patch",
  path: "/v1/members/{id}",
  tags: ["Members"],
  summary: "Change a member's role (owner or admin; only an owner touches owners and other admins)",
  description:
    "The new role applies to the member's next request, whatever credential it carries. The last owner cannot be demoted (409 conflict, last_owner).",
  request: { params: MemberParams, body: jsonBody(UpdateMemberSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The member"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const removeMember = managerRoute({
  operationId: "removeMember",
  method: "delete",
  path: "/v1/members/{id}",
  tags: ["Members"],
  summary: "Remove a member: their API keys and tokens stop working at once",
  description: "The last owner cannot be removed (409 conflict, last_owner).",
  request: { params: MemberParams },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});

export const createApiKey = managerRoute({
  method: "post",
  path: "/v1/api-keys",
  operationId: "createApiKey",
  tags: ["API keys"],
  summary: "Create an API key for the caller (owner or admin only)",
  request: { body: { ...jsonBody(CreateApiKeySchema), required: false } },
  responses: {
    201: jsonResponse(ApiKeyCreatedSchema, "Created; key is shown only here"),
    ...validationErrorResponse,
  },
});

export const listApiKeys = managerRoute({
  method: "get",
  path: "/v1/api-keys",
  operationId: "listApiKeys",
  tags: ["API keys"],
  summary: "List the organization's API keys (never the keys themselves)",
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(ApiKeyListSchema, "Keys, newest first") },
});

export const revokeApiKey = managerRoute({
  method: "delete",
  path: "/v1/api-keys/{id}",
  operationId: "revokeApiKey",
  tags: ["API keys"],
  summary: "Revoke an API key",
  request: { params: IdParam("id", "API key id") },
  responses: { 204: noContent, ...notFoundError },
});

export const issueToken = memberRoute({
  method: "post",
  path: "/v1/auth/token",
  operationId: "issueToken",
  tags: ["Auth"],
  summary: "Exchange an API key for a JWT (HS256, valid one hour)",
  responses: { 200: jsonResponse(TokenSchema, "A bearer token") },
});

export const me = memberRoute({
  method: "get",
  path: "/v1/me",
  operationId: "getMe",
  tags: ["Auth"],
  summary: "The caller and their organization",
  responses: { 200: jsonResponse(MeSchema, "The caller") },
});

export const health = createRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["Meta"],
  summary: "Liveness",
  security: [],
  responses: {
    200: jsonResponse(z.object({ status: z.literal("ok") }), "The service is up"),
    ...misconfiguredError,
  },
});
