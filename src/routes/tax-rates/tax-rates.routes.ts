// Route descriptions of /v1/tax-rates. Archiving is PATCH { archived: true }.
import {
  conflictError,
  IdParam,
  jsonBody,
  jsonResponse,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { managerRoute, memberRoute } from "../factories";
import {
  CreateTaxRateSchema,
  TaxRateListQuerySchema,
  TaxRateListSchema,
  TaxRateSchema,
  UpdateTaxRateSchema,
} from "./tax-rates.schemas";

const tags = ["Tax rates"];
const params = IdParam("id", "Tax rate id");

export const createTaxRate = managerRoute({
  method: "post",
  path: "/v1/tax-rates",
  operationId: "createTaxRate",
  tags,
  summary: "Create a tax rate (owner or admin)",
  request: { body: jsonBody(CreateTaxRateSchema) },
  responses: {
    201: jsonResponse(TaxRateSchema, "Created"),
    ...validationErrorResponse,
  },
});

export const listTaxRates = memberRoute({
  method: "get",
  path: "/v1/tax-rates",
  operationId: "listTaxRates",
  tags,
  summary: "List tax rates, newest first, optionally only archived or only active ones",
  request: { query: TaxRateListQuerySchema },
  responses: { 200: jsonResponse(TaxRateListSchema, "A page of tax rates") },
});

export const getTaxRate = memberRoute({
  method: "get",
  path: "/v1/tax-rates/{id}",
  operationId: "getTaxRate",
  tags,
  summary: "Read a tax rate (archived ones too)",
  request: { params },
  responses: { 200: jsonResponse(TaxRateSchema, "The tax rate"), ...notFoundError },
});

export const updateTaxRate = managerRoute({
  method: "patch",
  path: "/v1/tax-rates/{id}",
  operationId: "updateTaxRate",
  tags,
  summary:
    "Rename or archive a tax rate (archived: true); its terms change only while no invoice line uses it " +
    "(409 tax_rate_in_use otherwise)",
  request: { params, body: jsonBody(UpdateTaxRateSchema) },
  responses: {
    200: jsonResponse(TaxRateSchema, "The updated tax rate"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});
