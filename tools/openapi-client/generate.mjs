// Generates client/src/schema.ts (the types of the typed client package, client/src/index.ts) from the
// Worker's own /openapi.json with openapi-typescript.
//
// Run: `npm run client:generate` at the repository root (= `npm run generate -w tools/openapi-client`).
//
// Why here: openapi-typescript needs the TypeScript compiler API, which TypeScript 7 (the
// project's compiler) does not have; this workspace pins TypeScript 5, and Node resolves
// `typescript` from this folder's node_modules first.
//
// Why a running Worker: the app cannot be imported by Node (src/ is TypeScript with
// extensionless imports, the PDF fonts are wrangler `Data` modules, the rate limiter extends
// `cloudflare:workers`' DurableObject), so the document comes from the Worker run by wrangler
// (`unstable_dev`, the way test/node/einvoice-validation.test.ts runs it), with throwaway local
// state and fixed development secrets. /openapi.json needs no database.
//
// test/node/client-drift.test.ts imports `openApiDocument`, `generateSchema` and `SCHEMA_PATH`
// to compare the committed file with a fresh generation.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

export const ROOT = resolve(import.meta.dirname, "../..");
export const SCHEMA_PATH = join(ROOT, "client/src/schema.ts");

const HEADER = `// GENERATED FILE, do not edit: the types of the Invoicing API's /openapi.json, made by
// openapi-typescript (tools/openapi-client/generate.mjs). Regenerate after changing a route or
// schema: \`npm run client:generate\`. \`npm test\` fails while this file is out of date
// (test/node/client-drift.test.ts).
`;

async function fetchDocument(get) {
  const res = await get("/openapi.json");
  if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** /openapi.json of the Worker at `baseUrl`; without one, starts the Worker with wrangler,
 * fetches it and stops it. */
export async function openApiDocument(baseUrl) {
  if (baseUrl) return fetchDocument((path) => fetch(new URL(path, baseUrl)));
  const { unstable_dev } = await import("wrangler");
  // wrangler runs the [build] command (scripts/copy-assets.mjs) in the working directory.
  process.chdir(ROOT);
  const persistTo = mkdtempSync(join(tmpdir(), "openapi-client-"));
  const worker = await unstable_dev(join(ROOT, "src/index.ts"), {
    config: join(ROOT, "wrangler.toml"),
    persistTo,
    ip: "127.0.0.1",
    logLevel: "error",
    vars: {
      MASTER_KEY: "3q2+7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhs=",
      JWT_SECRET: "openapi-client-generator-0123456789abcdef0123456789",
      ADMIN_TOKEN: "openapi-client-generator",
      EMAIL_TRANSPORT: "outbox",
    },
    experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
  });
  try {
    return await fetchDocument((path) => worker.fetch(path));
  } finally {
    await worker.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

/** The text of client/src/schema.ts for an OpenAPI document (an object; not modified). */
export async function generateSchema(document) {
  // defaultNonNullable off: a field with a `default` may be left out of a request body (the API
  // fills it in); openapi-typescript's default would make callers send `tier`, `test_mode`, ...
  const nodes = await openapiTS(structuredClone(document), { defaultNonNullable: false });
  return HEADER + astToString(nodes);
}

/** The committed client/src/schema.ts. */
export const committedSchema = () => readFileSync(SCHEMA_PATH, "utf8");

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await generateSchema(await openApiDocument());
  writeFileSync(SCHEMA_PATH, text);
  console.log(`Wrote ${SCHEMA_PATH} (${text.length} characters)`);
}
