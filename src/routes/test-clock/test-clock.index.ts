// /v1/test-clock: a test organization's clock, and advancing it (which runs the sweeps).
import { z } from "@hono/zod-openapi";
import { createRouter } from "../../lib/create-router";
import { conflictError, jsonBody, jsonResponse, validationErrorResponse } from "../../lib/openapi";
import { servicesOf } from "../../middleware/services";
import { advanceTestClock, MAX_ADVANCE_DAYS, testClockNow } from "../../services/test-clock";
import { managerRoute, memberRoute } from "../factories";
import { hostedLinksOf } from "../hosted/links";

const tags = ["Test clock"];
const live = 'Live organizations answer 403 `access_denied` with `details.reason = "test_mode_required"`.';

const TestClockSchema = z
  .object({ now: z.string().openapi({ example: "2027-01-31T00:00:00.000Z" }) })
  .openapi("TestClock");

const AdvanceSchema = z
  .strictObject({
    to: z.string().min(10).max(40).openapi({
      example: "2027-12-31",
      description: "An ISO date (that day's start, UTC) or timestamp; never before the clock's now",
    }),
  })
  .openapi("AdvanceTestClock");

const AdvanceResultSchema = z
  .object({
    now: z.string(),
    ran: z.array(z.object({ date: z.string(), sweep: z.string(), count: z.number() })),
  })
  .openapi("TestClockAdvanced");

const getClock = memberRoute({
  operationId: "getTestClock",
  method: "get",
  path: "/v1/test-clock",
  tags,
  summary: "The test organization's clock",
  description: live,
  request: {},
  responses: { 200: jsonResponse(TestClockSchema, "The clock") },
});

const advance = managerRoute({
  operationId: "advanceTestClock",
  method: "post",
  path: "/v1/test-clock/advance",
  tags,
  summary: "Advance the test clock, running every sweep at each day's start on the way",
  description: `Owners and admins only (moving time is not undone). Sweeps: overdue invoices, recurring invoices, quote expiry, payment reminders (this organization only). At most ${MAX_ADVANCE_DAYS} days per call; a date before now is 422. ${live} A concurrent advance: 409.`,
  request: { body: jsonBody(AdvanceSchema) },
  responses: {
    200: jsonResponse(AdvanceResultSchema, "The new time and what each sweep did per day"),
    ...validationErrorResponse,
    ...conflictError,
  },
});

export const testClockRouter = createRouter()
  .openapi(getClock, async (c) => c.json({ now: testClockNow(servicesOf(c).org) }, 200))
  .openapi(advance, async (c) => {
    const { org } = servicesOf(c);
    const result = await advanceTestClock(c.env, org, c.req.valid("json").to, hostedLinksOf(c));
    return c.json(result, 200);
  });
