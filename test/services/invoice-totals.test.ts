// The totals engine on worked examples (figures written out) and on random documents.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  apportion,
  computeTotals,
  type LineTax,
  type TotalsDiscount,
  type TotalsLine,
} from "../../src/services/invoices/totals";

const rate = (percent: number, extra: Partial<LineTax> = {}): LineTax => ({
  rateId: `txr_${percent}`,
  category: "S",
  percentScaled: Math.round(percent * 10_000),
  inclusive: false,
  exemptionReason: null,
  exemptionReasonCode: null,
  ...extra,
});
const line = (
  amountMinor: number,
  tax: LineTax | null,
  discount: TotalsLine["discount"] = null,
): TotalsLine => ({
  amountMinor: BigInt(amountMinor),
  tax,
  discount,
});

function totalsOf(lines: TotalsLine[], discounts: TotalsDiscount[] = []) {
  const result = computeTotals(lines, discounts);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const t = result.totals;
  return {
    subtotal: Number(t.subtotal),
    discount: Number(t.discountTotal),
    taxExclusive: Number(t.taxExclusive),
    tax: Number(t.taxTotal),
    rounding: Number(t.rounding),
    total: Number(t.total),
    breakdown: t.detail.breakdown.map((b) => [
      b.category,
      b.percent_scaled / 10_000,
      b.taxable_minor,
      b.tax_minor,
    ]),
    allowances: t.detail.allowances.map((a) => [a.discount_index, a.percent_scaled / 10_000, a.amount_minor]),
    lines: t.lines.map((l) => Number(l.netOfTaxMinor)),
  };
}

describe("worked examples", () => {
  it("two rates: 100.00 at 19% and 50.00 at 7% -> tax 19.00 + 3.50, total 172.50", () => {
    expect(totalsOf([line(10000, rate(19)), line(5000, rate(7))])).toMatchObject({
      subtotal: 15000,
      taxExclusive: 15000,
      tax: 2250,
      rounding: 0,
      total: 17250,
      breakdown: [
        ["S", 19, 10000, 1900],
        ["S", 7, 5000, 350],
      ],
    });
  });

  it("tax is rounded once per breakdown entry, not per line (BR-CO-17)", () => {
    // Three lines of 0.05 at 19%: per line 0.0095 -> 0.01 each (0.03); on the sum 0.15 -> 0.0285 -> 0.03.
    // Three lines of 0.03 at 19%: per line 0.0057 -> 0.01 each (0.03); on the sum 0.09 -> 0.0171 -> 0.02.
    expect(totalsOf([line(3, rate(19)), line(3, rate(19)), line(3, rate(19))])).toMatchObject({
      tax: 2,
      total: 11,
    });
  });

  it("inclusive 19%: three lines of 9.99 gross -> net 25.18, tax 4.78, rounding 0.01, total 29.97", () => {
    // The entry's net, once: 29.97 / 1.19 = 25.1849 -> 25.18, apportioned 8.40 + 8.39 + 8.39;
    // tax 25.18 x 0.19 = 4.7842 -> 4.78; 25.18 + 4.78 = 29.96; rounding 0.01.
    expect(
      totalsOf([
        line(999, rate(19, { inclusive: true })),
        line(999, rate(19, { inclusive: true })),
        line(999, rate(19, { inclusive: true })),
      ]),
    ).toEqual(
      expect.objectContaining({
        subtotal: 2518,
        taxExclusive: 2518,
        tax: 478,
        rounding: 1,
        total: 2997,
        lines: [840, 839, 839],
      }),
    );
  });

  it("reverse charge: category AE at 0% charges no tax and keeps the reason", () => {
    const result = computeTotals(
      [
        line(
          120000,
          rate(0, { category: "AE", exemptionReason: "Reverse charge", exemptionReasonCode: "VATEX-EU-AE" }),
        ),
      ],
      [],
    );
    expect(result.ok && result.totals.detail.breakdown).toEqual([
      expect.objectContaining({
        category: "AE",
        percent_scaled: 0,
        taxable_minor: 120000,
        tax_minor: 0,
        exemption_reason: "Reverse charge",
        exemption_reason_code: "VATEX-EU-AE",
      }),
    ]);
    expect(result.ok && result.totals.total).toBe(120000n);
  });

  it("a 10% invoice discount over 19% and 7% lines splits 15.00 as 10.00 and 5.00", () => {
    // Lines 100.00 (19%) and 50.00 (7%); discount 10% of 150.00 = 15.00, pro rata 100:50.
    // Taxable 90.00 and 45.00; tax 17.10 and 3.15; total 155.25.
    expect(
      totalsOf(
        [line(10000, rate(19)), line(5000, rate(7))],
        [{ description: "Loyalty", discount: { kind: "percentage", value: 100_000 } }],
      ),
    ).toMatchObject({
      subtotal: 15000,
      discount: 1500,
      taxExclusive: 13500,
      tax: 2025,
      total: 15525,
      breakdown: [
        ["S", 19, 9000, 1710],
        ["S", 7, 4500, 315],
      ],
      allowances: [
        [0, 19, 1000],
        [0, 7, 500],
      ],
    });
  });

  it("a discount that does not divide evenly gives the odd cent to the largest remainder", () => {
    // 0.10 over 1.00 (19%) and 2.00 (7%): exact parts 0.0333 and 0.0667 -> 0.03 and 0.07.
    expect(
      totalsOf(
        [line(100, rate(19)), line(200, rate(7))],
        [{ description: null, discount: { kind: "amount", value: 10 } }],
      ).allowances,
    ).toEqual([
      [0, 19, 3],
      [0, 7, 7],
    ]);
  });

  it("line discounts: 10% of 200.00 and 5.00 off 50.00", () => {
    expect(
      totalsOf([
        line(20000, rate(19), { kind: "percentage", value: 100_000 }),
        line(5000, rate(19), { kind: "amount", value: 500 }),
      ]),
    ).toMatchObject({ subtotal: 22500, tax: 4275, total: 26775 });
  });

  it("JPY (no minor unit): 333 at 10% -> tax 33", () => {
    expect(totalsOf([line(333, rate(10))])).toMatchObject({ tax: 33, total: 366 });
  });

  it("KWD (3 decimals): 1.235 at 5% -> tax 0.062 (61.75 fils, half-up)", () => {
    expect(totalsOf([line(1235, rate(5))])).toMatchObject({ tax: 62, total: 1297 });
  });

  it("refuses a line discount above the line, discounts above the lines, and mixed inclusive/exclusive rates", () => {
    expect(computeTotals([line(100, null, { kind: "amount", value: 101 })], [])).toEqual({
      ok: false,
      errors: { "items.0.discount": expect.any(String) },
    });
    expect(
      computeTotals([line(100, null)], [{ description: null, discount: { kind: "amount", value: 101 } }]),
    ).toEqual({
      ok: false,
      errors: { discounts: expect.any(String) },
    });
    expect(computeTotals([line(100, rate(19)), line(100, rate(19, { inclusive: true }))], [])).toEqual({
      ok: false,
      errors: { "items.1.tax_rate_id": expect.any(String) },
    });
  });

  it("no tax rates: total = sum of lines, as before tax rates existed", () => {
    expect(totalsOf([line(1999, null), line(3998, null)])).toMatchObject({
      subtotal: 5997,
      tax: 0,
      rounding: 0,
      total: 5997,
    });
  });
});

describe("apportion", () => {
  it("splits exactly and favours the largest remainder, then the earlier weight", () => {
    expect(apportion(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(apportion(1n, [1n, 1n])).toEqual([1n, 0n]);
    expect(apportion(0n, [0n, 0n])).toEqual([0n, 0n]);
  });
});

describe("properties over random documents", () => {
  const percent = fc.constantFrom(0, 50_000, 70_000, 100_000, 190_000, 200_000, 212_500, 1_000_000);
  const discountArb = fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant("amount" as const), value: fc.integer({ min: 0, max: 500 }) }),
      fc.record({ kind: fc.constant("percentage" as const), value: fc.integer({ min: 0, max: 1_000_000 }) }),
    ),
    { nil: null },
  );
  const documentArb = fc
    .record({
      inclusive: fc.boolean(),
      lines: fc.array(
        fc.record({
          amount: fc.integer({ min: 0, max: 10_000_000 }),
          percent: fc.option(percent, { nil: null }),
          discount: discountArb,
        }),
        { minLength: 1, maxLength: 12 },
      ),
      discounts: fc.array(discountArb, { maxLength: 3 }),
    })
    .map(({ inclusive, lines, discounts }) => ({
      lines: lines.map((l) =>
        line(
          l.amount,
          l.percent === null ? null : rate(l.percent / 10_000, { inclusive }),
          l.discount?.kind === "amount"
            ? { kind: "amount", value: Math.min(l.discount.value, l.amount) }
            : l.discount,
        ),
      ),
      discounts: discounts.flatMap((d) => (d ? [{ description: null, discount: d }] : [])),
    }));

  it("total = tax_exclusive + tax + rounding; breakdown sums to the totals; every figure an integer >= 0", () => {
    fc.assert(
      fc.property(documentArb, ({ lines, discounts }) => {
        const result = computeTotals(lines, discounts);
        if (!result.ok) {
          // Only too-large discounts are refused here.
          expect(Object.keys(result.errors)).toEqual(["discounts"]);
          return;
        }
        const t = result.totals;
        const sum = (f: (b: (typeof t.detail.breakdown)[number]) => number) =>
          t.detail.breakdown.reduce((s, b) => s + BigInt(f(b)), 0n);
        // What the lines and discounts come to, computed here from the inputs, not from the engine.
        const lineBasis = lines.reduce((s, l) => {
          const d = l.discount;
          const off = !d
            ? 0n
            : d.kind === "amount"
              ? BigInt(d.value)
              : (l.amountMinor * BigInt(d.value) * 2n + 1_000_000n) / 2_000_000n;
          return s + l.amountMinor - off;
        }, 0n);
        const discountSum = discounts.reduce((s, d) => {
          const v = d.discount;
          return (
            s +
            (v.kind === "amount"
              ? BigInt(v.value)
              : (lineBasis * BigInt(v.value) * 2n + 1_000_000n) / 2_000_000n)
          );
        }, 0n);
        expect(t.subtotal - t.discountTotal).toBe(t.taxExclusive);
        expect(sum((b) => b.taxable_minor)).toBe(t.taxExclusive);
        expect(sum((b) => b.tax_minor)).toBe(t.taxTotal);
        for (const b of t.detail.breakdown) {
          expect(b.taxable_minor).toBeGreaterThanOrEqual(0);
          // BR-CO-17: tax = taxable x rate, half-up, per entry.
          expect(BigInt(b.tax_minor)).toBe(
            (BigInt(b.taxable_minor) * BigInt(b.percent_scaled) * 2n + 1_000_000n) / 2_000_000n,
          );
        }
        for (const a of t.detail.allowances) expect(a.amount_minor).toBeGreaterThan(0);
        expect(t.detail.allowances.reduce((s, a) => s + BigInt(a.amount_minor), 0n)).toBe(t.discountTotal);
        // Every discount shows as allowances when it is worth something.
        if (discountSum > 0n) expect(t.discountTotal > 0n).toBe(true);
        // Line nets of tax add up to the subtotal (BR-CO-10).
        expect(t.lines.reduce((s, l) => s + l.netOfTaxMinor, 0n)).toBe(t.subtotal);
        if (lines.some((l) => l.tax?.inclusive)) {
          // The customer pays exactly the gross lines less discounts; rounding stays within
          // two cents per breakdown entry, however many lines.
          expect(t.total).toBe(lineBasis - discountSum);
          const bound = 2n * BigInt(t.detail.breakdown.length);
          expect(t.rounding <= bound && t.rounding >= -bound).toBe(true);
        } else {
          // Net prices: the lines less discounts are the taxable base; total adds the tax.
          expect(t.taxExclusive).toBe(lineBasis - discountSum);
          expect(t.rounding).toBe(0n);
          expect(t.total).toBe(t.taxExclusive + t.taxTotal);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("line charges and correction lines", () => {
  it("adds line charges to the line net amount: a percentage of the line amount, half-up", () => {
    const result = computeTotals(
      [
        {
          amountMinor: 10_005n,
          tax: rate(19),
          discount: { kind: "percentage", value: 100_000 },
          charges: [
            { kind: "amount", value: 400 },
            { kind: "percentage", value: 50_000 },
          ],
        },
      ],
      [],
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    // 100.05 - 10.01 (10 %, 10.005 half-up) + 4.00 + 5.00 (5 %, 5.0025) = 99.04.
    expect(result.totals.lines[0]).toMatchObject({
      discountMinor: 1_001n,
      chargeMinors: [400n, 500n],
      chargeMinor: 900n,
      netMinor: 9_904n,
    });
    expect(result.totals.taxTotal).toBe(1_882n);
  });

  it("gives a correction line's discount and charges its sign, and rounds VAT symmetrically", () => {
    const result = computeTotals(
      [
        line(10_000, rate(19)),
        {
          amountMinor: -3_333n,
          tax: rate(19),
          discount: { kind: "amount", value: 333 },
          charges: [{ kind: "percentage", value: 15_000 }],
        },
      ],
      [],
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    // -33.33 - (-3.33) + (-0.50: 1.5 % of -33.33 = -0.49995) = -30.50.
    expect(result.totals.lines[1]).toMatchObject({
      discountMinor: -333n,
      chargeMinor: -50n,
      netMinor: -3_050n,
    });
    // 69.50 x 19 % = 13.205 -> 13.21.
    expect(totalsOf([line(10_000, rate(19)), line(-3_050, rate(19))])).toMatchObject({ tax: 1_321 });
    expect(totalsOf([line(-5, rate(10)), line(10, rate(10))])).toMatchObject({ tax: 1 });
    const negative = computeTotals([line(-1_005, rate(10)), line(2_000, rate(20))], []);
    if (!negative.ok) throw new Error(JSON.stringify(negative.errors));
    // -10.05 x 10 % = -1.005 -> -1.01 (as 1.005 -> 1.01).
    expect(negative.totals.detail.breakdown[0]).toMatchObject({ taxable_minor: -1_005, tax_minor: -101 });
  });

  it("refuses invoice discounts beside a correction line", () => {
    const result = computeTotals(
      [line(10_000, rate(19)), line(-1_000, rate(19))],
      [{ description: null, discount: { kind: "percentage", value: 50_000 } }],
    );
    expect(result).toMatchObject({ ok: false, errors: { discounts: expect.any(String) } });
  });
});

describe("prepaid amount and cash rounding", () => {
  const cash = (prepaidMinor: number) => ({ prepaidMinor: BigInt(prepaidMinor), cashRoundingMinor: 5n });

  it("holds the prepaid amount to the total after cash rounding: 11.98 shown as 12.00 takes 12.00", () => {
    // 10.07 + 19% = 11.98; nothing left to pay rounds to 0, so the total shows 12.00.
    const full = computeTotals([line(1007, rate(19))], [], [], cash(1200));
    expect(full.ok && full.totals).toMatchObject({ total: 1200n, prepaid: 1200n, payable: 0n, rounding: 2n });
    const exact = computeTotals([line(1007, rate(19))], [], [], cash(1198));
    expect(exact.ok && exact.totals).toMatchObject({ total: 1198n, payable: 0n, rounding: 0n });
    expect(computeTotals([line(1007, rate(19))], [], [], cash(1205))).toEqual({
      ok: false,
      errors: { prepaid_amount: "The prepaid amount is larger than the invoice total" },
    });
  });
});
