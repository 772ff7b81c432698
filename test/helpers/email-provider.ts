// The http e-mail transport for a test: the worker under test (it shares this isolate's env)
// posts to PROVIDER, whose answers the test writes; every other outbound request goes out as usual.
import { env } from "cloudflare:workers";
import { vi } from "vitest";

export const PROVIDER = "https://mail-provider.test";

/**
 * Switches the worker to the http transport and answers its provider's requests with `answer`
 * (read a request's body there: a body stream belongs to the request context that made it).
 * Undone by `restoreEmailTransport()`.
 */
export function mockEmailProvider(answer: (request: Request) => Response | Promise<Response>) {
  Object.assign(env, {
    EMAIL_TRANSPORT: "http",
    EMAIL_API_URL: PROVIDER,
    EMAIL_API_KEY: "re_test_key",
    EMAIL_FROM: "billing@acme.example",
  });
  const original = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(PROVIDER)) return original(input, init);
    return answer(request);
  });
}

/** Back to the default outbox transport, the real fetch (for an `afterEach`). */
export function restoreEmailTransport() {
  vi.restoreAllMocks();
  Object.assign(env, {
    EMAIL_TRANSPORT: "outbox",
    EMAIL_API_URL: undefined,
    EMAIL_API_KEY: undefined,
    EMAIL_FROM: undefined,
  });
}
