// createApp(): middleware order, the error path, route mounts and the OpenAPI document.
// A request flows requestId -> securityHeaders -> requestLog -> requireConfiguration -> identify
// -> rateLimit -> jsonBodyLimit -> idempotency -> organizationClock -> route.

import { Scalar } from "@scalar/hono-api-reference";
import { requestId } from "hono/request-id";
import packageJson from "../package.json";
import { type AppEnv, createRouter } from "./lib/create-router";
import { onError, onNotFound } from "./lib/error-handler";
import { identify, refuseWritesWhileMoving } from "./middleware/auth";
import { jsonBodyLimit } from "./middleware/body-limit";
import { requireConfiguration } from "./middleware/configuration";
import { d1Session } from "./middleware/d1-session";
import { idempotency } from "./middleware/idempotency";
import { organizationClock } from "./middleware/organization-clock";
import { rateLimit } from "./middleware/rate-limit";
import { requestLog } from "./middleware/request-log";
import { securityHeaders } from "./middleware/security-headers";
import { bankRouter } from "./routes/bank/bank.index";
import { billPdfRouter } from "./routes/bills/bill-pdf.index";
import { billsRouter } from "./routes/bills/bills.index";
import { creditNotesRouter } from "./routes/credit-notes/credit-notes.index";
import { customersRouter } from "./routes/customers/customers.index";
import { documentsRouter } from "./routes/documents/documents.index";
import { einvoiceNetworksRouter } from "./routes/einvoice-networks/einvoice-networks.index";
import { peppolWebhookRouter } from "./routes/einvoice-networks/peppol-webhook.index";
import { eventsRouter } from "./routes/events/events.index";
import { hostedRouter } from "./routes/hosted/hosted.index";
import { identityRouter } from "./routes/identity/identity.index";
import { invoicesRouter } from "./routes/invoices/invoices.index";
import { organizationRouter } from "./routes/organization/organization.index";
import { organizationMovesRouter } from "./routes/organization-moves/moves.index";
import { paymentProvidersRouter } from "./routes/payment-providers/payment-providers.index";
import { productsRouter } from "./routes/products/products.index";
import { projectsRouter } from "./routes/projects/projects.index";
import { publicRouter } from "./routes/public/public.index";
import { quotesRouter } from "./routes/quotes/quotes.index";
import { recurringInvoicesRouter } from "./routes/recurring-invoices/recurring-invoices.index";
import { reportsRouter } from "./routes/reports/reports.index";
import { suppliersRouter } from "./routes/suppliers/suppliers.index";
import { taxRatesRouter } from "./routes/tax-rates/tax-rates.index";
import { testClockRouter } from "./routes/test-clock/test-clock.index";
import { webhooksRouter } from "./routes/webhooks/webhooks.index";
import { uploadedFileDigest } from "./services/documents/upload";

/** The API reference UI's version: the exact one package.json pins (scripts/copy-assets.mjs checks it). */
export const API_REFERENCE_VERSION = packageJson.dependencies["@scalar/api-reference"];
/** Where the Worker serves that version's browser bundle (Workers static assets, see wrangler.toml). */
export const API_REFERENCE_SCRIPT = `/docs/api-reference/${API_REFERENCE_VERSION}/standalone.js`;

/** How the idempotency step hashes a retried upload's file (the only streamed body). */
const streamedUploadDigest = (req: Request) =>
  uploadedFileDigest({ contentType: req.headers.get("Content-Type") ?? "", body: req.body });

/**
 * The projects router is mounted twice, so its operations appear under `/projects/...` and
 * `/v1/projects/...` with one operationId each: the unversioned copies take the suffix
 * `Unversioned` (`listProjectsUnversioned`), so every operationId in the document is unique.
 * Each mount registered its own copy of the route definitions; only the app's copies change.
 */
function distinguishUnversionedOperations(app: ReturnType<typeof createRouter>): void {
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route" || def.route.path.startsWith("/v1/") || !def.route.path.startsWith("/projects"))
      continue;
    def.route.operationId = `${def.route.operationId}Unversioned`;
  }
}

/** The OpenAPI document's own fields; its paths and components come from the routes. */
const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  // Relative: the origin that served this document (local, staging or production alike).
  servers: [{ url: "/", description: "The origin that serves this document" }],
  info: {
    title: "Invoicing API",
    version: "1.0.0",
    description:
      "Invoices, customers, products, projects, encrypted documents and webhooks. " +
      "Every error answers { success: false, error: { code, message, details? } }.",
  },
};

export function createApp() {
  const app = createRouter();

  app.use("*", requestId({ headerName: "X-Request-Id" }));
  // Second, so the headers reach every response the layers inside build or turn errors into.
  app.use("*", securityHeaders({ pagePaths: ["/docs"] }));
  app.use("*", requestLog());
  // Before anything reads the configuration: a deployment without it answers 503, logged above.
  app.use("*", requireConfiguration());
  // Credentials are resolved before the D1 session opens, from the primary: a removed member or
  // a revoked key is refused at once, never admitted by a lagging replica.
  app.use("*", identify());
  app.use("*", refuseWritesWhileMoving());
  app.use("*", d1Session());
  app.use("*", rateLimit());
  app.use("*", jsonBodyLimit());
  app.use("*", idempotency({ streamedContentDigest: streamedUploadDigest }));
  app.use("*", organizationClock());

  app.route("/", identityRouter);
  app.route("/", organizationMovesRouter);
  app.route("/", organizationRouter);
  app.route("/", webhooksRouter);
  app.route("/", eventsRouter);
  // Projects, milestones and tasks answer both without and with the version prefix: the
  // interface lists them without it, every other resource is under /v1 (docs/projects.md).
  app.route("/", projectsRouter);
  app.route("/v1", projectsRouter);
  distinguishUnversionedOperations(app);
  app.route("/", customersRouter);
  app.route("/", productsRouter);
  app.route("/", taxRatesRouter);
  app.route("/", invoicesRouter);
  app.route("/", creditNotesRouter);
  app.route("/", reportsRouter);
  app.route("/", documentsRouter);
  app.route("/", hostedRouter);
  app.route("/", paymentProvidersRouter);
  app.route("/", einvoiceNetworksRouter);
  app.route("/", peppolWebhookRouter);
  app.route("/", publicRouter);
  app.route("/", recurringInvoicesRouter);
  app.route("/", quotesRouter);
  app.route("/", testClockRouter);
  app.route("/", bankRouter);
  app.route("/", suppliersRouter);
  app.route("/", billsRouter);
  app.route("/", billPdfRouter);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key (`sk_...`) or a JWT from POST /v1/auth/token",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "http",
    scheme: "bearer",
    description: "The ADMIN_TOKEN secret; only for /v1/admin/*",
  });
  // The document is a function of the routes, which are fixed once the app is built: generated on
  // the first request and kept for the isolate's life (generating it takes about 250 ms).
  let openApiJson: string | undefined;
  app.get("/openapi.json", (c) => {
    openApiJson ??= JSON.stringify(app.getOpenAPI31Document(OPENAPI_DOCUMENT));
    return c.body(openApiJson, 200, { "Content-Type": "application/json" });
  });
  // The reference UI's own bundle, served by this Worker (no CDN): the versioned path never
  // changes content, so browsers may keep it for a year.
  app.get(API_REFERENCE_SCRIPT, async (c) => {
    const asset = await c.env.ASSETS.fetch(new URL(API_REFERENCE_SCRIPT, c.req.url));
    if (!asset.ok) return asset;
    const res = new Response(asset.body, asset);
    res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    return res;
  });
  // The single-file (UMD) bundle from this origin: both script tags carry the request's CSP nonce;
  // no fonts from fonts.scalar.com (outside the CSP).
  app.get(
    "/docs",
    Scalar<AppEnv>((c) => ({
      url: "/openapi.json",
      pageTitle: "Invoicing API reference",
      cdn: API_REFERENCE_SCRIPT,
      nonce: c.get("cspNonce"),
      withDefaultFonts: false,
    })),
  );

  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}
