// The committed typed-client schema (client/src/schema.ts) must be what openapi-typescript makes
// of the Worker's current /openapi.json: a route or schema changed without regenerating fails
// here. The document comes from the node tests' shared Worker under wrangler (the app cannot be
// imported by Node: see tools/openapi-client/generate.mjs), the generator runs in memory with
// TypeScript 5.
import { beforeAll, describe, expect, it } from "vitest";
import {
  committedSchema,
  generateSchema,
  type OpenApiDocument,
  openApiDocument,
} from "../../tools/openapi-client/generate.mjs";
import { sharedWorker } from "./shared-worker";

/** null when equal; otherwise the first differing line of each, for the failure message. */
function schemaDrift(committed: string, generated: string): string | null {
  if (committed === generated) return null;
  const a = committed.split("\n");
  const b = generated.split("\n");
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  return (
    "client/src/schema.ts is out of date with /openapi.json: run `npm run client:generate` and commit it.\n" +
    `First difference at line ${line + 1}:\n  committed: ${a[line]?.trim() ?? "(end of file)"}\n` +
    `  generated: ${b[line]?.trim() ?? "(end of file)"}`
  );
}

let document: OpenApiDocument;

beforeAll(async () => {
  document = await openApiDocument(await sharedWorker());
}, 180_000);

describe("typed client schema", () => {
  it("matches the generation from the current /openapi.json", async () => {
    const drift = schemaDrift(committedSchema(), await generateSchema(document));
    expect(drift, drift ?? "").toBeNull();
  });

  it("the check reports a schema changed without regenerating", async () => {
    const changed = structuredClone(document);
    const customer = changed.components?.schemas?.Customer as { properties: Record<string, unknown> };
    customer.properties.loyalty_tier = { type: "string" };

    const drift = schemaDrift(committedSchema(), await generateSchema(changed));
    expect(drift).toContain("npm run client:generate");
    expect(drift).toContain("loyalty_tier");
    // The generation of the unchanged document is untouched by the change (no shared state).
    expect(schemaDrift(committedSchema(), await generateSchema(document))).toBeNull();
  });
});
