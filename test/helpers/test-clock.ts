// Advancing a test organization's clock from tests: the 200 answer typed (the advance may also
// answer 202 in the background), and waiting for a background advance to finish.
import { expect } from "vitest";
import type { InvoicingClient } from "../../client/src";
import { expectStatus, type Schemas } from "./client";

/** POST /v1/test-clock/advance, asserting it finished within the request (200). */
export async function advanceClock(api: InvoicingClient, to: string): Promise<Schemas["TestClockAdvanced"]> {
  return expectStatus(
    await api.POST("/v1/test-clock/advance", { body: { to } }),
    200,
  ) as Schemas["TestClockAdvanced"];
}

/** Reads GET /v1/test-clock until the clock is ready (a background advance has finished). */
export async function waitUntilReady(
  api: InvoicingClient,
  timeoutMs = 25_000,
): Promise<Schemas["TestClock"]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const clock = expectStatus(await api.GET("/v1/test-clock"), 200);
    if (clock.status === "ready") return clock;
    expect(Date.now(), `still advancing toward ${clock.target} at ${clock.now}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
