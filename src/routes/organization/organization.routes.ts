// Route descriptions of /v1/organization (the caller's own organization).
import { z } from "@hono/zod-openapi";
import {
  conflictError,
  errorResponse,
  jsonBody,
  jsonResponse,
  noContent,
  notFoundError,
  RATE_LIMIT_HEADERS,
  validationErrorResponse,
} from "../../lib/openapi";
import { managerRoute, memberRoute } from "../factories";
import {
  LogoSchema,
  OrganizationProfileSchema,
  UpdateOrganizationProfileSchema,
} from "./organization.schemas";

const tags = ["Organization"];

export const getOrganization = memberRoute({
  method: "get",
  path: "/v1/organization",
  operationId: "getOrganization",
  tags,
  summary: "Read the caller's organization with its billing profile",
  responses: { 200: jsonResponse(OrganizationProfileSchema, "The organization") },
});

export const updateOrganization = managerRoute({
  method: "patch",
  path: "/v1/organization",
  operationId: "updateOrganization",
  tags,
  summary: "Change the name, default currency or billing profile (owner or admin; null clears a field)",
  request: { body: jsonBody(UpdateOrganizationProfileSchema) },
  responses: {
    200: jsonResponse(OrganizationProfileSchema, "The updated organization"),
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const rotateInboundEmail = managerRoute({
  method: "post",
  path: "/v1/organization/inbound-email/rotate",
  operationId: "rotateOrganizationInboundEmail",
  tags,
  summary:
    "Give the organization a new inbound e-mail address (owner or admin); the previous one refuses mail",
  description:
    "Bills e-mailed to `inbound_email` (`bills+<token>@<domain>`) are imported as bills " +
    '(`source: "email"`). Anyone who knows the address can send to it: rotate it when it leaked. ' +
    "Mail to the previous address is refused from the moment this answers. `inbound_email` stays null " +
    "on a deployment that receives no e-mail (INBOUND_EMAIL_DOMAIN unset); the token rotates all the same.",
  responses: { 200: jsonResponse(OrganizationProfileSchema, "The organization with its new inbound_email") },
});

const image = { schema: z.string().openapi({ format: "binary" }) };

export const getLogo = memberRoute({
  method: "get",
  path: "/v1/organization/logo",
  operationId: "getOrganizationLogo",
  tags,
  summary: "Download the organization's logo (printed top-left on its PDFs)",
  responses: {
    200: {
      description: "The stored logo (normalized at upload: see uploadOrganizationLogo)",
      headers: RATE_LIMIT_HEADERS,
      content: { "image/png": image, "image/jpeg": image },
    },
    ...notFoundError,
  },
});

export const putLogo = managerRoute({
  method: "put",
  path: "/v1/organization/logo",
  operationId: "uploadOrganizationLogo",
  tags,
  summary: "Upload or replace the logo (owner or admin): the raw PNG or JPEG bytes, at most 512 KB",
  description:
    "The body is the image itself with `Content-Type: image/png` or `image/jpeg`. The bytes must " +
    "be what the header says (checked by their signature) and at most 4,000,000 pixels by their " +
    "header: 422 `validation_error` otherwise. Over 512 KB (524,288 bytes): 413 " +
    "`payload_too_large`. The image is then decoded with a bound: a PNG whose data inflates past " +
    "what its header allows, is truncated or malformed, or a JPEG that is not whole (SOI, frame " +
    "header, scan, EOI), lossless, arithmetic-coded or not 8-bit: 422 `invalid_logo` with " +
    "`details.reason`. A PNG is stored as an 8-bit RGB or RGBA PNG of at most 600 px on its long " +
    "side with only IHDR, IDAT and IEND (kept byte for byte when it already is one); a JPEG is kept " +
    "without its metadata segments (EXIF, XMP, ICC, comments).",
  request: { body: { required: true, content: { "image/png": image, "image/jpeg": image } } },
  responses: {
    200: jsonResponse(LogoSchema, "The stored logo"),
    413: errorResponse("The logo is larger than 512 KB"),
    422: errorResponse(
      "`validation_error`: not PNG/JPEG, bytes not of the declared type, too many pixels; " +
        "`invalid_logo`: the image does not decode within its bounds (`details.reason`)",
    ),
  },
});

export const deleteLogo = managerRoute({
  method: "delete",
  path: "/v1/organization/logo",
  operationId: "deleteOrganizationLogo",
  tags,
  summary: "Remove the logo (owner or admin)",
  responses: { 204: noContent, ...notFoundError },
});
