// Route descriptions of /v1/customers.
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
  CreateCustomerSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerSchema,
  UpdateCustomerSchema,
} from "./customers.schemas";

const tags = ["Customers"];
const params = IdParam("id", "Customer id");

export const createCustomer = createRoute({
  method: "post",
  path: "/v1/customers",
  tags,
  summary: "Create a customer with its address",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { body: jsonBody(CreateCustomerSchema) },
  responses: {
    201: jsonResponse(CustomerSchema, "Created"),
    ...commonErrors,
    ...validationErrorResponse,
  },
});

export const listCustomers = createRoute({
  method: "get",
  path: "/v1/customers",
  tags,
  summary: "List customers, newest first, optionally searching name or e-mail",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { query: CustomerListQuerySchema },
  responses: { 200: jsonResponse(CustomerListSchema, "A page of customers"), ...commonErrors },
});

export const getCustomer = createRoute({
  method: "get",
  path: "/v1/customers/{id}",
  tags,
  summary: "Read a customer",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params },
  responses: { 200: jsonResponse(CustomerSchema, "The customer"), ...commonErrors, ...notFoundError },
});

export const updateCustomer = createRoute({
  method: "patch",
  path: "/v1/customers/{id}",
  tags,
  summary: "Change some of a customer's fields (address fields one by one)",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params, body: jsonBody(UpdateCustomerSchema) },
  responses: {
    200: jsonResponse(CustomerSchema, "The updated customer"),
    ...commonErrors,
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteCustomer = createRoute({
  method: "delete",
  path: "/v1/customers/{id}",
  tags,
  summary: "Delete a customer that has no invoices (409 customer_has_invoices otherwise)",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params },
  responses: { 204: noContent, ...commonErrors, ...notFoundError, ...conflictError },
});
