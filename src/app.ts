// createApp(): middleware order, the error path, route mounts and the OpenAPI document.
// A request flows requestId -> securityHeaders -> requestLog -> identify -> rateLimit -> jsonBodyLimit
// -> idempotency -> organizationClock -> route.
import { Scalar } from "@scalar/hono-api-reference";
import { requestId } from "hono/request-id";
import { type AppEnv, createRouter } from "./lib/create-router";
import { onError, onNotFound } from "./lib/error-handler";
import { identify } from "./middleware/auth";
import { jsonBodyLimit } from "./middleware/body-limit";
import { idempotency } from "./middleware/idempotency";
import { organizationClock } from "./middleware/organization-clock";
import { rateLimit } from "./middleware/rate-limit";
import { requestLog } from "./middleware/request-log";
import { securityHeaders } from "./middleware/security-headers";
import { creditNotesRouter } from "./routes/credit-notes/credit-notes.index";
import { customersRouter } from "./routes/customers/customers.index";
import { documentsRouter } from "./routes/documents/documents.index";
import { hostedRouter } from "./routes/hosted/hosted.index";
import { identityRouter } from "./routes/identity/identity.index";
import { invoicesRouter } from "./routes/invoices/invoices.index";
import { organizationRouter } from "./routes/organization/organization.index";
import { productsRouter } from "./routes/products/products.index";
import { projectsRouter } from "./routes/projects/projects.index";
import { recurringInvoicesRouter } from "./routes/recurring-invoices/recurring-invoices.index";
import { reportsRouter } from "./routes/reports/reports.index";
import { taxRatesRouter } from "./routes/tax-rates/tax-rates.index";
import { testClockRouter } from "./routes/test-clock/test-clock.index";
import { webhooksRouter } from "./routes/webhooks/webhooks.index";
import { uploadedFileDigest } from "./services/documents/upload";

/** How the idempotency step hashes a retried upload's file (the only streamed body). */
const streamedUploadDigest = (req: Request) =>
  uploadedFileDigest({ contentType: req.headers.get("Content-Type") ?? "", body: req.body });

export function createApp() {
  const app = createRouter();

  app.use("*", requestId({ headerName: "X-Request-Id" }));
  // Second, so the headers reach every response the layers inside build or turn errors into.
  app.use("*", securityHeaders({ pagePaths: ["/docs"] }));
  app.use("*", requestLog());
  app.use("*", identify());
  app.use("*", rateLimit());
  app.use("*", jsonBodyLimit());
  app.use("*", idempotency({ streamedContentDigest: streamedUploadDigest }));
  app.use("*", organizationClock());

  app.route("/", identityRouter);
  app.route("/", organizationRouter);
  app.route("/", webhooksRouter);
  // Projects, milestones and tasks answer both without and with the version prefix (DESIGN 4).
  app.route("/", projectsRouter);
  app.route("/v1", projectsRouter);
  app.route("/", customersRouter);
  app.route("/", productsRouter);
  app.route("/", taxRatesRouter);
  app.route("/", invoicesRouter);
  app.route("/", creditNotesRouter);
  app.route("/", reportsRouter);
  app.route("/", documentsRouter);
  app.route("/", hostedRouter);
  app.route("/", recurringInvoicesRouter);
  app.route("/", testClockRouter);

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
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Invoicing API",
      version: "1.0.0",
      description:
        "Invoices, customers, products, projects, encrypted documents and webhooks. " +
        "Every error answers { success: false, error: { code, message, details? } }.",
    },
  });
  // The inline script carries the request's CSP nonce; `bundle: true` keeps the ESM build (a nonce
  // alone would switch Scalar to its UMD bundle); no fonts from fonts.scalar.com (outside the CSP).
  app.get(
    "/docs",
    Scalar<AppEnv>((c) => ({
      url: "/openapi.json",
      pageTitle: "Invoicing API reference",
      nonce: c.get("cspNonce"),
      bundle: true,
      withDefaultFonts: false,
    })),
  );

  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}
