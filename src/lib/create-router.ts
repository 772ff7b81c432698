// Every router comes from here, so each one carries the same validation hook:
// a defaultHook set on the parent is not inherited by routers mounted with app.route().
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Bindings } from "../env";
import { ApiError, issuesToDetails } from "./errors";
import { MAX_NUMBER_DIGITS, numberLiteralProblems } from "./json-numbers";

export interface AppEnv {
  Bindings: Bindings;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

const NUMBER_PROBLEMS = {
  underflow: "Number is too small to represent: it would be read as 0",
  too_precise: `More than ${MAX_NUMBER_DIGITS} significant digits: the number would be read rounded`,
} as const;

/**
 * Number literals of a JSON body that JSON.parse approximated: not 0 but read as 0 (1e-400), or
 * more significant digits than a double keeps (99.999999999999999 read as 100). The validator
 * has parsed the body already, so its text comes from Hono's body cache.
 */
async function numberDetails(c: Context<AppEnv>): Promise<Record<string, string>> {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (!JSON_MEDIA_TYPE.test(mediaType)) return {};
  const details: Record<string, string> = Object.create(null);
  for (const { path, problem } of numberLiteralProblems(await c.req.text())) {
    details[path] ??= NUMBER_PROBLEMS[problem];
  }
  return details;
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: async (result, c) => {
      const numbers = result.target === "json" ? await numberDetails(c) : {};
      if (result.success && Object.keys(numbers).length === 0) return;
      // The approximation is the more precise message for its field (1e-400 also fails "> 0").
      const details = { ...issuesToDetails(result.success ? [] : result.error.issues), ...numbers };
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
