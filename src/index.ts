// Worker entry: the HTTP app, the scheduled sweeps, inbound e-mail and the Durable Object classes.
import { createApp } from "./app";
import { runScheduled } from "./cron";
import type { Bindings } from "./env";
import { receiveInboundEmail } from "./services/inbound-email/receive";

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller, env));
  },
  async email(message, env, ctx) {
    await receiveInboundEmail(message, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;

export { RateLimiter } from "./durable-objects/rate-limiter";
export { TestClockAdvancer } from "./durable-objects/test-clock-advancer";
