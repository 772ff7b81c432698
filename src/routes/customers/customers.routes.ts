// Route descriptions of /v1/customers.
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
  CreateCustomerSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerSchema,
  UpdateCustomerSchema,
} from "./customers.schemas";

const tags = ["Customers"];
const params = IdParam("id", "Customer id");

export const createCustomer = memberRoute({
  method: "post",
  path: "/v1/customers",
  operationId: "createCustomer",
  tags,
  summary: "Create a customer with its address",
  request: { body: jsonBody(CreateCustomerSchema) },
  responses: {
    201: jsonResponse(CustomerSchema, "Created"),
    ...validationErrorResponse,
  },
});

export const listCustomers = memberRoute({
  method: "get",
  path: "/v1/customers",
  operationId: "listCustomers",
  tags,
  summary: "List customers, newest first, optionally searching name or e-mail",
  request: { query: CustomerListQuerySchema },
  responses: { 200: jsonResponse(CustomerListSchema, "A page of customers") },
});

export const getCustomer = memberRoute({
  method: "get",
  path: "/v1/customers/{id}",
  operationId: "getCustomer",
  tags,
  summary: "Read a customer",
  request: { params },
  responses: { 200: jsonResponse(CustomerSchema, "The customer"), ...notFoundError },
});

export const updateCustomer = memberRoute({
  method: "patch",
  path: "/v1/customers/{id}",
  operationId: "updateCustomer",
  tags,
  summary: "Change some of a customer's fields (address fields one by one)",
  request: { params, body: jsonBody(UpdateCustomerSchema) },
  responses: {
    200: jsonResponse(CustomerSchema, "The updated customer"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteCustomer = memberRoute({
  method: "delete",
  path: "/v1/customers/{id}",
  operationId: "deleteCustomer",
  tags,
  summary: "Delete a customer that has no invoices (409 customer_has_invoices otherwise)",
  request: { params },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});
