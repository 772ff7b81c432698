// Hourly budgets per user for document uploads (100) and downloads (1000), counted by the
// rate-limit Durable Object. Document routes call `enforceHourlyBudget` before the work.
import type { Bindings } from "../env";

export type HourlyBudget = "document_upload" | "document_download";

export const HOURLY_BUDGETS: Record<HourlyBudget, number> = {
  document_upload: 100,
  document_download: 1000,
};

/**
 * Takes one unit of the user's hourly budget; throws ApiError("rate_limit_exceeded") with
 * Retry-After when it is spent. Fails open (logs, lets the request through) when the limiter
 * cannot be reached. (The Durable Object call is issue 3.)
 */
export async function enforceHourlyBudget(
  _env: Bindings,
  _userId: string,
  _budget: HourlyBudget,
): Promise<void> {}
