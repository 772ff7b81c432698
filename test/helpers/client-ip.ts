// The client address of a test request that sets none (CF-Connecting-IP). Unauthenticated
// requests are counted per address at the starter rate (60 a minute), so one address for all the
// files a workerd process runs (they share this module) would run out. Nor does each request get
// an address of its own: each address is a RateLimiter Durable Object, with its SQLite storage
// and its clean-up alarm, and making one per request costs more than the request. So an address
// serves CALLS_PER_ADDRESS requests (authenticated or not), fewer than its budget with a lease
// in any minute, and the next one takes over. A test of the limit itself sets its own address.
// The addresses are IPv6 of the documentation range, each in a /64 of its own (the limiter counts
// IPv6 clients by /64).

const CALLS_PER_ADDRESS = 40;
const runTag = crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16);
let calls = 0;

export function nextClientIp(): string {
  const address = Math.floor(calls++ / CALLS_PER_ADDRESS);
  return `2001:db8:${runTag}:${address.toString(16)}::1`;
}
