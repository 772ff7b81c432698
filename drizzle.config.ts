import { defineConfig } from "drizzle-kit";

// drizzle-kit generates SQL from the TypeScript schema; wrangler applies it
// (`npm run db:migrate:local` / `db:migrate:remote`), so D1 keeps one tracking table.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/*.ts",
  out: "./migrations",
  // Flat `migrations/NNNN_name.sql`, the layout wrangler and the vitest plugin read.
  migrations: { prefix: "index" },
});
