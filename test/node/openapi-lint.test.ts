// The document the Worker serves at /openapi.json passes Redocly's recommended ruleset
// (redocly.yaml) without an error: `npm run lint:openapi`'s check (scripts/redocly-lint.mjs), on
// the node tests' shared Worker. The warnings that remain, and why, are in docs/api-reference.md
// ("Redocly").
import { expect, it } from "vitest";
import { lintOpenApi } from "../../scripts/redocly-lint.mjs";
import { sharedWorker } from "./shared-worker";

it("the served OpenAPI document has no error under Redocly's recommended rules", async () => {
  const res = await fetch(`${await sharedWorker()}/openapi.json`);
  expect(res.status).toBe(200);
  const { status, output } = lintOpenApi(await res.json());
  expect(status, output).toBe(0);
});
