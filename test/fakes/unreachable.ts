/**
 * Where the Worker's provider calls go in tests that set no fake: nothing listens on port 9 of
 * loopback, so a call fails at once and never reaches the internet.
 */
export const UNREACHABLE_PROVIDER = "http://127.0.0.1:9";
