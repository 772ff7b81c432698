// Route descriptions of admin bootstrap, members, API keys, tokens and /v1/me.
import { createRoute, z } from "@hono/zod-openapi";
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
import { OffsetQuerySchema } from "../../lib/pagination";
import { requireAdmin, requireRole, requireUser } from "../../middleware/auth";
import {
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
  UpdateOrganizationSchema,
  UserListSchema,
} from "./identity.schemas";

const adminSecurity = [{ adminToken: [] }];

export const createOrganization = createRoute({
  method: "post",
  path: "/v1/admin/organizations",
  tags: ["Admin"],
  summary: "Create an organization with its owner and the owner's first API key",
  security: adminSecurity,
  middleware: [requireAdmin()] as const,
  request: { body: jsonBody(CreateOrganizationSchema) },
  responses: {
    201: jsonResponse(BootstrapResultSchema, "Created; api_key is shown only here"),
    ...commonErrors,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const updateOrganization = createRoute({
  method: "patch",
  path: "/v1/admin/organizations/{id}",
  tags: ["Admin"],
  summary: "Change an organization's name or tier",
  security: adminSecurity,
  middleware: [requireAdmin()] as const,
  request: { params: IdParam("id", "Organization id"), body: jsonBody(UpdateOrganizationSchema) },
  responses: {
    200: jsonResponse(OrganizationSchema, "The updated organization"),
    ...commonErrors,
    ...notFoundError,
    ...validationErrorResponse,
  },
});

export const createMember = createRoute({
  method: "post",
  path: "/v1/members",
  tags: ["Members"],
  summary: "Add a member (owner or admin only); answers the member's first API key once",
  security: bearerSecurity,
  middleware: [requireUser(), requireRole("owner", "admin")] as const,
  request: { body: jsonBody(CreateMemberSchema) },
  responses: {
    201: jsonResponse(MemberCreatedSchema, "Created"),
    ...commonErrors,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const listMembers = createRoute({
  method: "get",
  path: "/v1/members",
  tags: ["Members"],
  summary: "List the organization's members",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(UserListSchema, "Members, oldest first"), ...commonErrors },
});

export const createApiKey = createRoute({
  method: "post",
  path: "/v1/api-keys",
  tags: ["API keys"],
  summary: "Create an API key for the caller (owner or admin only)",
  security: bearerSecurity,
  middleware: [requireUser(), requireRole("owner", "admin")] as const,
  request: { body: { ...jsonBody(CreateApiKeySchema), required: false } },
  responses: {
    201: jsonResponse(ApiKeyCreatedSchema, "Created; key is shown only here"),
    ...commonErrors,
    ...validationErrorResponse,
  },
});

export const listApiKeys = createRoute({
  method: "get",
  path: "/v1/api-keys",
  tags: ["API keys"],
  summary: "List the organization's API keys (never the keys themselves)",
  security: bearerSecurity,
  middleware: [requireUser(), requireRole("owner", "admin")] as const,
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(ApiKeyListSchema, "Keys, newest first"), ...commonErrors },
});

export const revokeApiKey = createRoute({
  method: "delete",
  path: "/v1/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key",
  security: bearerSecurity,
  middleware: [requireUser(), requireRole("owner", "admin")] as const,
  request: { params: IdParam("id", "API key id") },
  responses: { 204: noContent, ...commonErrors, ...notFoundError },
});

export const issueToken = createRoute({
  method: "post",
  path: "/v1/auth/token",
  tags: ["Auth"],
  summary: "Exchange an API key for a JWT (HS256, valid one hour)",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(TokenSchema, "A bearer token"), ...commonErrors },
});

export const me = createRoute({
  method: "get",
  path: "/v1/me",
  tags: ["Auth"],
  summary: "The caller and their organization",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  responses: { 200: jsonResponse(MeSchema, "The caller"), ...commonErrors },
});

export const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Meta"],
  summary: "Liveness",
  responses: { 200: jsonResponse(z.object({ status: z.literal("ok") }), "The service is up") },
});
