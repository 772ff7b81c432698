// Amounts between the ledger's ISO 4217 minor units and Stripe's units (docs/payments.md):
// the same for two-decimal and zero-decimal currencies, times 100 for ISK and UGX, which Stripe
// takes as two-decimal amounts ending in 00.
import { describe, expect, it } from "vitest";
import { fromStripeAmount, stripeKeyMode, toStripeAmount } from "../../src/services/payment-providers";

describe("Stripe amounts", () => {
  it.each([
    ["EUR", 11_900, 11_900],
    ["JPY", 5_000, 5_000],
    ["KRW", 12_345, 12_345],
    ["KWD", 12_340, 12_340],
    ["ISK", 5_000, 500_000],
    ["UGX", 7_000, 700_000],
  ])("%s: %i minor units are %i in Stripe's units, and back", (currency, minor, stripe) => {
    expect(toStripeAmount(minor, currency)).toBe(stripe);
    expect(fromStripeAmount(stripe, currency.toLowerCase())).toBe(minor);
  });

  it("reads the key's mode from its prefix", () => {
    expect(stripeKeyMode("sk_live_abc")).toBe("live");
    expect(stripeKeyMode("rk_live_abc")).toBe("live");
    expect(stripeKeyMode("sk_test_abc")).toBe("test");
  });
});
