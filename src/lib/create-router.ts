// Every router comes from here, so each one carries the same validation hook:
// a defaultHook set on the parent is not inherited by routers mounted with app.route().
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Bindings } from "../env";
import { ApiError, issuesToDetails } from "./errors";
import { underflowedNumberPaths } from "./json-numbers";

export interface AppEnv {
  Bindings: Bindings;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Number literals of a JSON body that parsed to 0 though they are not 0 (1e-400). The
 * validator has parsed the body already, so its text comes from Hono's body cache.
 */
async function underflowDetails(c: Context<AppEnv>): Promise<Record<string, string>> {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) return {};
  const details: Record<string, string> = Object.create(null);
  for (const path of underflowedNumberPaths(await c.req.text())) {
    details[path] ??= "Number is too small to represent: it would be read as 0";
  }
  return details;
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: async (result, c) => {
      const underflows = result.target === "json" ? await underflowDetails(c) : {};
      if (result.success && Object.keys(underflows).length === 0) return;
      // An underflow is the more precise message for its field (1e-400 also fails "> 0").
      const details = { ...issuesToDetails(result.success ? [] : result.error.issues), ...underflows };
      // A body that parses but breaks the rules is 422; a bad query, path or header is 400.
      if (result.target === "json" || result.target === "form") {
        throw new ApiError("validation_error", "Request body failed validation", { details });
      }
      throw new ApiError(
        "invalid_request",
        `Invalid ${result.target === "param" ? "path" : result.target} parameter`,
        {
          details,
        },
      );
    },
  });
}
