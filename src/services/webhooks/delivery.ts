// Webhook delivery: signing, the SSRF guard, attempts and backoff (issue 7 fills this in).
import type { Bindings } from "../../env";

/** First attempt for each pending delivery of these events. Until issue 7 lands, deliveries wait for cron. */
export async function deliverEvents(_env: Bindings, _eventIds: readonly string[]): Promise<void> {}
