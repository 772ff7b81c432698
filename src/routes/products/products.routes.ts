// Route descriptions of /v1/products.
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
  CreateProductSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductSchema,
} from "./products.schemas";

const tags = ["Products"];
const params = IdParam("id", "Product id");

export const createProduct = memberRoute({
  method: "post",
  path: "/v1/products",
  operationId: "createProduct",
  tags,
  summary: "Create a product",
  request: { body: jsonBody(CreateProductSchema) },
  responses: { 201: jsonResponse(ProductSchema, "Created"), ...validationErrorResponse },
});

export const listProducts = memberRoute({
  method: "get",
  path: "/v1/products",
  operationId: "listProducts",
  tags,
  summary: "List products, newest first",
  request: { query: ProductListQuerySchema },
  responses: { 200: jsonResponse(ProductListSchema, "A page of products") },
});

export const getProduct = memberRoute({
  method: "get",
  path: "/v1/products/{id}",
  operationId: "getProduct",
  tags,
  summary: "Read a product",
  request: { params },
  responses: { 200: jsonResponse(ProductSchema, "The product"), ...notFoundError },
});

export const updateProduct = memberRoute({
  method: "patch",
  path: "/v1/products/{id}",
  operationId: "updateProduct",
  tags,
  summary: "Change some of a product's fields",
  request: { params, body: jsonBody(UpdateProductSchema) },
  responses: {
    200: jsonResponse(ProductSchema, "The updated product"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const deleteProduct = memberRoute({
  method: "delete",
  path: "/v1/products/{id}",
  operationId: "deleteProduct",
  tags,
  summary: "Delete a product (invoice lines keep their copy)",
  request: { params },
  responses: { 204: noContent, ...notFoundError, ...conflictError },
});
