// Every router comes from here, so each one carries the same validation hook:
// a defaultHook set on the parent is not inherited by routers mounted with app.route().
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Bindings } from "../env";
import { ApiError, issuesToDetails } from "./errors";

export interface AppEnv {
  Bindings: Bindings;
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const details = issuesToDetails(result.error.issues);
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
