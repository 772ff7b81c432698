// /v1/test-clock: a test organization's clock, and advancing it (which runs the sweeps).
import { z } from "@hono/zod-openapi";
import { type TestClockAdvancerStub, testClockAdvancerOf } from "../../durable-objects/test-clock-advancer";
import { createRouter } from "../../lib/create-router";
import { logError } from "../../lib/log";
import { conflictError, jsonBody, jsonResponse, validationErrorResponse } from "../../lib/openapi";
import { DateOrTimestampSchema } from "../../lib/schemas";
import { servicesOf } from "../../middleware/services";
import {
  ADVANCE_WORK_CAP,
  type AdvanceProgress,
  claimTestClockAdvance,
  MAX_ADVANCE_DAYS,
  testClockView,
} from "../../services/test-clock";
import { managerRoute, memberRoute } from "../factories";
import { hostedLinksOf } from "../hosted/links";

const tags = ["Test clock"];
const live = 'Live organizations answer 403 `access_denied` with `details.reason = "test_mode_required"`.';

const TestClockSchema = z
  .object({
    now: z.string().openapi({ example: "2027-01-31T00:00:00.000Z" }),
    status: z.enum(["ready", "advancing"]).openapi({
      description: "`advancing` while an advance past the per-request work cap runs in the background",
    }),
    target: z
      .string()
      .nullable()
      .openapi({ description: "Where the running advance goes; null when ready", example: null }),
  })
  .openapi("TestClock");

const AdvanceSchema = z
  .strictObject({
    to: DateOrTimestampSchema.openapi({
      example: "2027-12-31",
      description:
        "A calendar date (that day's start, UTC) or an ISO 8601 timestamp with offset; never before the clock's now",
    }),
  })
  .openapi("AdvanceTestClock");

const AdvanceResultSchema = z
  .object({
    now: z.string(),
    ran: z.array(z.object({ date: z.string(), sweep: z.string(), count: z.number() })).openapi({
      description: "Every sweep at each instant the sweeps ran (the days on which one had work, and `to`)",
    }),
  })
  .openapi("TestClockAdvanced");

const AdvancingSchema = z
  .object({
    now: z.string().openapi({ description: "How far the advance got in this request" }),
    status: z.literal("advancing"),
    target: z.string(),
  })
  .openapi("TestClockAdvancing");

const getClock = memberRoute({
  operationId: "getTestClock",
  method: "get",
  path: "/v1/test-clock",
  tags,
  summary: "The test organization's clock",
  description: `${live} While an advance runs in the background, \`status\` is \`advancing\` and \`target\` where it goes.`,
  request: {},
  responses: { 200: jsonResponse(TestClockSchema, "The clock") },
});

const advance = managerRoute({
  operationId: "advanceTestClock",
  method: "post",
  path: "/v1/test-clock/advance",
  tags,
  summary: "Advance the test clock, running the sweeps on each day one has work, and at `to`",
  description: `Owners and admins only (moving time is not undone). Sweeps: overdue invoices, recurring invoices, quote expiry, payment reminders (this organization only), run on each day one of them has work (what a walk day by day would do) and at \`to\`. At most ${MAX_ADVANCE_DAYS} days per call; a date before now is 422. An advance whose work passes the per-request cap (${ADVANCE_WORK_CAP} units: one per sweep day, one per invoice created, marked overdue, quote expired or reminder sent) answers 202 and continues in the background: \`GET /v1/test-clock\` shows \`status: advancing\` until it is \`ready\`. While one runs, another answers 409 \`concurrent_update\` before doing anything. ${live}`,
  request: { body: jsonBody(AdvanceSchema) },
  responses: {
    200: jsonResponse(AdvanceResultSchema, "The new time and what each sweep did, per day it ran"),
    202: jsonResponse(AdvancingSchema, "Past the per-request work cap: the rest runs in the background"),
    ...validationErrorResponse,
    ...conflictError,
  },
});

/** `resume`, whose own failure is only logged: the request answers the error it already has. */
async function resumeQuietly(advancer: TestClockAdvancerStub, organizationId: string, baseUrl: string) {
  try {
    await advancer.resume(organizationId, baseUrl);
  } catch (error) {
    logError("test clock resume failed", { organization_id: organizationId, error: String(error) });
  }
}

export const testClockRouter = createRouter()
  .openapi(getClock, async (c) => {
    const { org } = servicesOf(c);
    const clock = testClockView(org);
    // An advance whose background stopped (its chunk died unscheduled) continues from here.
    if (clock.status === "advancing") {
      await testClockAdvancerOf(c.env, org.id).resume(org.id, hostedLinksOf(c).baseUrl);
    }
    return c.json(clock, 200);
  })
  .openapi(advance, async (c) => {
    const { org } = servicesOf(c);
    const advancer = testClockAdvancerOf(c.env, org.id);
    const baseUrl = hostedLinksOf(c).baseUrl;
    // The claim is committed before the object is called: when the call fails (the object
    // unreachable, reset, or failing before it scheduled its watchdog), nobody may be working on
    // the claimed clock, so `resume` makes sure somebody does; the request answers the error.
    // A clock found advancing is resumed too, so a stuck one continues on the next POST.
    try {
      await claimTestClockAdvance(c.env, org, c.req.valid("json").to);
    } catch (error) {
      if (org.testClockStatus === "advancing") await resumeQuietly(advancer, org.id, baseUrl);
      throw error;
    }
    let progress: AdvanceProgress;
    try {
      progress = await advancer.advance(org.id, baseUrl);
    } catch (error) {
      await resumeQuietly(advancer, org.id, baseUrl);
      throw error;
    }
    if (progress.status === "ready") return c.json({ now: progress.now, ran: progress.ran }, 200);
    return c.json({ now: progress.now, status: progress.status, target: progress.target }, 202);
  });
