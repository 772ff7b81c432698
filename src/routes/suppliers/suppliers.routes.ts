// Route descriptions of /v1/suppliers.
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
  CreateSupplierSchema,
  SupplierListQuerySchema,
  SupplierListSchema,
  SupplierSchema,
  UpdateSupplierSchema,
} from "./suppliers.schemas";

const tags = ["Suppliers"];
const params = IdParam("id", "Supplier id");

export const createSupplier = memberRoute({
  method: "post",
  path: "/v1/suppliers",
  operationId: "createSupplier",
  tags,
  summary:
    "Create a supplier (received bills find or create theirs by themselves); 409 supplier_exists for another's electronic address or VAT id",
  request: { body: jsonBody(CreateSupplierSchema) },
  responses: { 201: jsonResponse(SupplierSchema, "Created"), ...conflictError, ...validationErrorResponse },
});

export const listSuppliers = memberRoute({
  method: "get",
  path: "/v1/suppliers",
  operationId: "listSuppliers",
  tags,
  summary: "List suppliers, newest first, optionally searching name, legal name or VAT id",
  request: { query: SupplierListQuerySchema },
  responses: { 200: jsonResponse(SupplierListSchema, "A page of suppliers") },
});

export const getSupplier = memberRoute({
  method: "get",
  path: "/v1/suppliers/{id}",
  operationId: "getSupplier",
  tags,
  summary: "Read a supplier",
  request: { params },
  responses: { 200: jsonResponse(SupplierSchema, "The supplier"), ...notFoundError },
});

export const updateSupplier = memberRoute({
  method: "patch",
  path: "/v1/suppliers/{id}",
  operationId: "updateSupplier",
  tags,
  summary: "Change some of a supplier's fields (null clears one)",
  request: { params, body: jsonBody(UpdateSupplierSchema) },
  responses: {
    200: jsonResponse(SupplierSchema, "The updated supplier"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteSupplier = memberRoute({
  method: "delete",
  path: "/v1/suppliers/{id}",
  operationId: "deleteSupplier",
  tags,
  summary: "Delete a supplier that has no bills (409 supplier_has_bills otherwise)",
  request: { params },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});
