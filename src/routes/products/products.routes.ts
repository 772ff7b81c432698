// Route descriptions of /v1/products.
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
import { OffsetQuerySchema } from "../../lib/pagination";
import { requireUser } from "../../middleware/auth";
import {
  CreateProductSchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductSchema,
} from "./products.schemas";

const tags = ["Products"];
const params = IdParam("id", "Product id");

export const createProduct = createRoute({
  method: "post",
  path: "/v1/products",
  tags,
  summary: "Create a product",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { body: jsonBody(CreateProductSchema) },
  responses: { 201: jsonResponse(ProductSchema, "Created"), ...commonErrors, ...validationErrorResponse },
});

export const listProducts = createRoute({
  method: "get",
  path: "/v1/products",
  tags,
  summary: "List products, newest first",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(ProductListSchema, "A page of products"), ...commonErrors },
});

export const getProduct = createRoute({
  method: "get",
  path: "/v1/products/{id}",
  tags,
  summary: "Read a product",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params },
  responses: { 200: jsonResponse(ProductSchema, "The product"), ...commonErrors, ...notFoundError },
});

export const updateProduct = createRoute({
  method: "patch",
  path: "/v1/products/{id}",
  tags,
  summary: "Change some of a product's fields",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params, body: jsonBody(UpdateProductSchema) },
  responses: {
    200: jsonResponse(ProductSchema, "The updated product"),
    ...commonErrors,
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteProduct = createRoute({
  method: "delete",
  path: "/v1/products/{id}",
  tags,
  summary: "Delete a product (invoice lines keep their copy)",
  security: bearerSecurity,
  middleware: [requireUser()] as const,
  request: { params },
  responses: { 204: noContent, ...commonErrors, ...notFoundError, ...conflictError },
});
