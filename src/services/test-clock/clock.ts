// A test organization's clock as stored on its row: the frozen "now", and whether an advance is
// under way (and toward what). Requests of a test organization run inside `withClock(clockOf(org))`,
// so every `now()` they reach reads its time.
import type { Organization, TestClockStatus } from "../../db/schema/identity";
import { ApiError } from "../../lib/errors";

/** The organization's clock: its frozen test time, or undefined for a live organization (real time). */
export function clockOf(org: Pick<Organization, "testMode" | "testClockNow" | "createdAt">) {
  if (!org.testMode) return undefined;
  const at = new Date(org.testClockNow ?? org.createdAt);
  return () => at;
}

export function assertTestMode(org: Organization) {
  if (!org.testMode) {
    throw new ApiError("access_denied", "Only test organizations have a test clock", {
      details: { reason: "test_mode_required" },
    });
  }
}

export function testClockNow(org: Pick<Organization, "testClockNow" | "createdAt">): string {
  return org.testClockNow ?? org.createdAt;
}

export interface TestClockView {
  now: string;
  status: TestClockStatus;
  /** Where a running advance is going; null when the clock is ready. */
  target: string | null;
}

/** What GET /v1/test-clock answers (403 for a live organization). */
export function testClockView(org: Organization): TestClockView {
  assertTestMode(org);
  return {
    now: testClockNow(org),
    status: org.testClockStatus,
    target: org.testClockStatus === "advancing" ? org.testClockTarget : null,
  };
}
