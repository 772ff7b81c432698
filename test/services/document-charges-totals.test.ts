// The totals engine's document level (EN 16931 BG-20, BG-21, BT-113, BT-114): allowances and
// charges bound to one VAT rate or spread pro rata, a percentage of its rate's lines, a prepaid
// amount and cash rounding of the amount due. Figures written out in minor units.
import { describe, expect, it } from "vitest";
import {
  computeTotals,
  documentDiscountShares,
  type LineTax,
  type Settlement,
  type TotalsCharge,
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
const line = (amountMinor: number, tax: LineTax | null): TotalsLine => ({
  amountMinor: BigInt(amountMinor),
  tax,
  discount: null,
});
const amount = (value: number) => ({ kind: "amount" as const, value });
const percentage = (percent: number) => ({ kind: "percentage" as const, value: percent * 10_000 });

function totals(
  lines: TotalsLine[],
  discounts: TotalsDiscount[] = [],
  charges: TotalsCharge[] = [],
  settlement?: Settlement,
) {
  const result = computeTotals(lines, discounts, charges, settlement);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const t = result.totals;
  return {
    lineTotal: Number(t.subtotal),
    allowances: Number(t.discountTotal),
    charges: Number(t.chargeTotal),
    taxExclusive: Number(t.taxExclusive),
    tax: Number(t.taxTotal),
    rounding: Number(t.rounding),
    total: Number(t.total),
    prepaid: Number(t.prepaid),
    payable: Number(t.payable),
    breakdown: t.detail.breakdown.map((b) => [b.percent_scaled / 10_000, b.taxable_minor, b.tax_minor]),
    allowanceShares: t.detail.allowances,
    chargeShares: t.detail.charges,
  };
}

const errorsOf = (...args: Parameters<typeof computeTotals>) => {
  const result = computeTotals(...args);
  return result.ok ? null : result.errors;
};

describe("document allowances bound to one rate (BG-20)", () => {
  it("takes the allowance from its rate alone: 10.00 off the 7% lines of 100.00 at 19% + 50.00 at 7%", () => {
    const t = totals(
      [line(10000, rate(19)), line(5000, rate(7))],
      [{ description: "Loyal customer", discount: amount(1000), reasonCode: "100", tax: rate(7) }],
    );
    expect(t).toMatchObject({
      lineTotal: 15000,
      allowances: 1000,
      taxExclusive: 14000,
      // 19% of 100.00 and 7% of 40.00
      tax: 1900 + 280,
      total: 16180,
      payable: 16180,
      breakdown: [
        [19, 10000, 1900],
        [7, 4000, 280],
      ],
    });
    expect(t.allowanceShares).toEqual([
      {
        discount_index: 0,
        description: "Loyal customer",
        category: "S",
        percent_scaled: 70_000,
        amount_minor: 1000,
        reason_code: "100",
      },
    ]);
  });

  it("takes a bound percentage of its rate's lines and states that base (BT-93/BT-94)", () => {
    const t = totals(
      [line(10000, rate(19)), line(5000, rate(7)), line(2500, rate(7))],
      [{ description: null, discount: percentage(10), reasonCode: "95", tax: rate(7) }],
    );
    expect(t.allowances).toBe(750);
    expect(t.allowanceShares).toEqual([
      expect.objectContaining({
        amount_minor: 750,
        reason_code: "95",
        calculation: { percent_scaled: 100_000, base_minor: 7500 },
      }),
    ]);
  });

  it("takes a bound percentage of a base given with it, and states that base", () => {
    const t = totals(
      [line(10000, rate(19))],
      [{ description: null, discount: percentage(100), reasonCode: "95", tax: rate(19), baseMinor: 1029 }],
      [
        {
          description: "Service",
          charge: percentage(10),
          reasonCode: "ZZZ",
          tax: rate(19),
          baseMinor: 20000,
        },
      ],
    );
    expect(t).toMatchObject({ allowances: 1029, charges: 2000, taxExclusive: 10971 });
    expect(t.allowanceShares?.[0]?.calculation).toEqual({ percent_scaled: 1_000_000, base_minor: 1029 });
    expect(t.chargeShares?.[0]?.calculation).toEqual({ percent_scaled: 100_000, base_minor: 20000 });
  });

  it("spreads a discount without a rate pro rata exactly as before, stating no base or reason code", () => {
    const t = totals(
      [line(10000, rate(19)), line(5000, rate(7))],
      [{ description: "Promo", discount: percentage(10) }],
    );
    expect(t.allowanceShares).toEqual([
      { discount_index: 0, description: "Promo", category: "S", percent_scaled: 190_000, amount_minor: 1000 },
      { discount_index: 0, description: "Promo", category: "S", percent_scaled: 70_000, amount_minor: 500 },
    ]);
    expect(t.chargeShares).toBeUndefined();
  });

  it("refuses an allowance larger than its rate's lines and charges, naming discounts", () => {
    expect(
      errorsOf(
        [line(10000, rate(19)), line(500, rate(7))],
        [{ description: null, discount: amount(600), tax: rate(7) }],
      ),
    ).toEqual({ discounts: expect.stringContaining("larger than its lines and charges") });
  });
});

describe("document charges (BG-21)", () => {
  it("adds a bound charge to its rate: freight 25.00 at 19% on lines at 7%", () => {
    const t = totals(
      [line(5000, rate(7))],
      [],
      [{ description: "Freight", charge: amount(2500), reasonCode: "FC", tax: rate(19) }],
    );
    expect(t).toMatchObject({
      lineTotal: 5000,
      charges: 2500,
      taxExclusive: 7500,
      tax: 350 + 475,
      total: 8325,
      // the charge's rate joins the breakdown after the lines' rates
      breakdown: [
        [7, 5000, 350],
        [19, 2500, 475],
      ],
    });
    expect(t.chargeShares).toEqual([
      {
        discount_index: 0,
        description: "Freight",
        category: "S",
        percent_scaled: 190_000,
        amount_minor: 2500,
        reason_code: "FC",
      },
    ]);
  });

  it("spreads a charge without a rate over the breakdown pro rata, like a discount", () => {
    const t = totals(
      [line(10000, rate(19)), line(5000, rate(7))],
      [],
      [{ description: "Handling", charge: amount(300), reasonCode: null, tax: null }],
    );
    expect(t.chargeShares?.map((c) => c.amount_minor)).toEqual([200, 100]);
    expect(t.taxExclusive).toBe(15300);
    expect(t.breakdown).toEqual([
      [19, 10200, 1938],
      [7, 5100, 357],
    ]);
  });

  it("lets a charge carry an allowance at the same rate: tax-exclusive = lines - allowances + charges", () => {
    const t = totals(
      [line(1000, rate(25))],
      [{ description: "Loyal customer", discount: percentage(10), reasonCode: "100", tax: rate(25) }],
      [{ description: "Packaging", charge: percentage(10), reasonCode: "ABL", tax: rate(25) }],
    );
    expect(t).toMatchObject({ lineTotal: 1000, allowances: 100, charges: 100, taxExclusive: 1000, tax: 250 });
  });

  it("refuses a spread charge when the lines total 0, naming the charge", () => {
    expect(
      errorsOf(
        [line(0, rate(19))],
        [],
        [{ description: null, charge: amount(100), reasonCode: null, tax: null }],
      ),
    ).toEqual({ "charges.0": expect.stringContaining("give tax_rate_id") });
  });

  it("refuses a bound charge of the other price basis, naming its tax_rate_id", () => {
    expect(
      errorsOf(
        [line(1190, rate(19, { inclusive: true }))],
        [],
        [{ description: null, charge: amount(100), reasonCode: null, tax: rate(19) }],
      ),
    ).toEqual({ "charges.0.tax_rate_id": expect.stringContaining("cannot be mixed") });
  });
});

describe("prepaid amount (BT-113) and cash rounding (BT-114)", () => {
  it("asks for the total less the prepaid amount", () => {
    const t = totals([line(10000, rate(19))], [], [], { prepaidMinor: 5000n, cashRoundingMinor: null });
    expect(t).toMatchObject({ total: 11900, prepaid: 5000, rounding: 0, payable: 6900 });
  });

  it("rounds the amount due half-up to the increment and states the difference as rounding", () => {
    // 10.33 + 19% = 12.29 (12.2927): to 0.05 -> 12.30, rounding +0.01
    expect(totals([line(1033, rate(19))], [], [], { prepaidMinor: 0n, cashRoundingMinor: 5n })).toMatchObject(
      {
        taxExclusive: 1033,
        tax: 196,
        rounding: 1,
        total: 1230,
        payable: 1230,
      },
    );
    // 10.00 + 19% = 11.90 less 0.02 prepaid = 11.88 -> 11.90: rounding +0.02; total = 11.92
    expect(totals([line(1000, rate(19))], [], [], { prepaidMinor: 2n, cashRoundingMinor: 5n })).toMatchObject(
      {
        rounding: 2,
        total: 1192,
        payable: 1190,
      },
    );
    // 11.92 -> 11.90: rounding -0.02
    expect(totals([line(1192, null)], [], [], { prepaidMinor: 0n, cashRoundingMinor: 5n })).toMatchObject({
      rounding: -2,
      payable: 1190,
    });
  });

  it("refuses a prepaid amount above the total, naming prepaid_amount", () => {
    expect(
      errorsOf([line(1000, rate(19))], [], [], { prepaidMinor: 1191n, cashRoundingMinor: null }),
    ).toEqual({
      prepaid_amount: expect.any(String),
    });
  });

  it("takes one above the total where the document may owe back: the amount due is below 0", () => {
    // KoSIT 03.01a: 1030.00 prepaid on a total of 804.86 owes 225.14 back.
    expect(
      totals([line(68728, null)], [], [], {
        prepaidMinor: 103000n,
        cashRoundingMinor: null,
        mayOweBack: true,
      }),
    ).toMatchObject({ total: 68728, prepaid: 103000, rounding: 0, payable: -34272 });
    // Cash rounding rounds what is owed back as it rounds an amount due, half away from zero:
    // 11.90 less 12.02 = -0.12 -> -0.10 (rounding +0.02); less 12.03 = -0.13 -> -0.15 (-0.02).
    const owing = (prepaidMinor: bigint) =>
      totals([line(1000, rate(19))], [], [], { prepaidMinor, cashRoundingMinor: 5n, mayOweBack: true });
    expect(owing(1202n)).toMatchObject({ rounding: 2, total: 1192, payable: -10 });
    expect(owing(1203n)).toMatchObject({ rounding: -2, total: 1188, payable: -15 });
  });

  it("takes a stated rounding as BT-114 itself, instead of the cash rounding and the inclusive cent", () => {
    // 10.00 + 19% = 11.90: 0.05 cash rounding leaves it, the stated 0.01 makes it 11.91.
    expect(
      totals([line(1000, rate(19))], [], [], {
        prepaidMinor: 0n,
        cashRoundingMinor: 5n,
        statedRoundingMinor: 1n,
      }),
    ).toMatchObject({ rounding: 1, total: 1191, payable: 1191 });
    // 10.05 gross at 19%: net 8.45 + VAT 1.61 = 10.06; computed, the cent -0.01 keeps 10.05.
    const inclusive = rate(19, { inclusive: true });
    expect(totals([line(1005, inclusive)])).toMatchObject({
      taxExclusive: 845,
      tax: 161,
      rounding: -1,
      total: 1005,
    });
    expect(
      totals([line(1005, inclusive)], [], [], {
        prepaidMinor: 0n,
        cashRoundingMinor: null,
        statedRoundingMinor: -1n,
      }),
    ).toMatchObject({ rounding: -1, total: 1005 });
    expect(
      totals([line(1005, inclusive)], [], [], {
        prepaidMinor: 0n,
        cashRoundingMinor: null,
        statedRoundingMinor: 0n,
      }),
    ).toMatchObject({ rounding: 0, total: 1006 });
    expect(
      errorsOf([line(30, null)], [], [], {
        prepaidMinor: 0n,
        cashRoundingMinor: null,
        statedRoundingMinor: -50n,
      }),
    ).toEqual({ rounding_amount: expect.any(String) });
  });
});

describe("split payment (category B): the VAT the buyer pays to the state", () => {
  const split = rate(22, { category: "B" });

  it("leaves the B entries' VAT out of the amount due, and the cash rounding rounds what is left", () => {
    const t = computeTotals([line(124600, split)], [], [], { prepaidMinor: 0n, cashRoundingMinor: null });
    expect(t.ok && [t.totals.total, t.totals.splitPayment, t.totals.payable]).toEqual([
      152012n,
      27412n,
      124600n,
    ]);
    // Beside a standard-rated line (which readiness refuses, BR-B-02) only B's VAT is left out.
    const mixed = computeTotals([line(1003, split), line(1000, rate(19))], [], [], {
      prepaidMinor: 0n,
      cashRoundingMinor: 5n,
    });
    // 10.03 + 2.21 (B) + 10.00 + 1.90 = 24.14; less 2.21 = 21.93 -> 21.95: rounding +0.02
    expect(mixed.ok && [mixed.totals.splitPayment, mixed.totals.rounding, mixed.totals.payable]).toEqual([
      221n,
      2n,
      2195n,
    ]);
  });

  it("holds a prepaid amount to what the buyer pays the seller, naming prepaid_amount", () => {
    const at = (prepaidMinor: bigint) =>
      computeTotals([line(124600, split)], [], [], { prepaidMinor, cashRoundingMinor: null });
    const whole = at(124600n);
    expect(whole.ok && whole.totals.payable).toBe(0n);
    const over = at(124601n);
    expect(over.ok ? null : over.errors).toEqual({
      prepaid_amount: expect.stringContaining("split payment"),
    });
  });
});

describe("each line's share for crediting (documentDiscountShares)", () => {
  it("puts a bound allowance on its rate's lines and takes charges off the share", () => {
    const lines = [
      { netMinor: 10000n, tax: rate(19) },
      { netMinor: 3000n, tax: rate(7) },
      { netMinor: 1000n, tax: rate(7) },
    ];
    const discounts: TotalsDiscount[] = [{ description: null, discount: amount(400), tax: rate(7) }];
    expect(documentDiscountShares(lines, discounts)).toEqual([0n, 300n, 100n]);
    const charges: TotalsCharge[] = [
      { description: null, charge: amount(1000), reasonCode: null, tax: rate(19) },
    ];
    expect(documentDiscountShares(lines, discounts, charges)).toEqual([-1000n, 300n, 100n]);
  });
});

describe("discounts reversing a correction's (bound to a rate whose lines sum below zero)", () => {
  const reduced = rate(7);
  const correction = [line(-500, rate(19)), line(-290, reduced)];

  it("states an amount, a percentage of the rate's lines and a given base in the lines' sign", () => {
    const result = computeTotals(correction, [
      { description: null, discount: amount(10), tax: rate(19) },
      { description: null, discount: percentage(2), tax: reduced },
      { description: null, discount: percentage(10), tax: reduced, baseMinor: 100 },
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const t = result.totals;
    // 19 %: -5.00 + 0.10 = -4.90; 7 %: -2.90 + 0.06 (2 % of -2.90 = -0.058) + 0.10 = -2.74.
    expect(t.detail.allowances.map((a) => [a.amount_minor, a.calculation ?? null])).toEqual([
      [-10, null],
      [-6, { percent_scaled: 20_000, base_minor: -290 }],
      [-10, { percent_scaled: 100_000, base_minor: -100 }],
    ]);
    expect(t.detail.breakdown.map((b) => [b.taxable_minor, b.tax_minor])).toEqual([
      [-490, -93],
      [-274, -19],
    ]);
    expect(t).toMatchObject({ discountTotal: -26n, taxExclusive: -764n, total: -876n });
  });

  it("refuses a reversal above the rate's lines, a spread discount and one at a rate of mixed lines", () => {
    expect(computeTotals(correction, [{ description: null, discount: amount(291), tax: reduced }])).toEqual({
      ok: false,
      errors: { discounts: "The discounts at the rate S 7% are larger than its lines" },
    });
    const refused = {
      ok: false,
      errors: { discounts: "Invoice discounts cannot be combined with correction lines (negative amounts)" },
    };
    expect(computeTotals(correction, [{ description: null, discount: amount(1) }])).toEqual(refused);
    const mixed = [line(1000, reduced), ...correction];
    expect(computeTotals(mixed, [{ description: null, discount: amount(1), tax: reduced }])).toEqual(refused);
    // At a rate whose lines all bill, beside corrections at another, a bound discount is an ordinary one.
    const other = computeTotals(
      [line(1000, rate(19)), line(-290, reduced)],
      [{ description: null, discount: amount(100), tax: rate(19) }],
    );
    expect(other.ok && other.totals.detail.breakdown[0]).toMatchObject({ taxable_minor: 900 });
  });

  it("puts a reversal on the rate's correction lines, pro rata to what each takes back", () => {
    const lines = [
      { netMinor: 1000n, tax: reduced },
      { netMinor: -600n, tax: reduced },
      { netMinor: -1400n, tax: reduced },
    ];
    // -10.00 at 7 %: a reversal of 0.11 (-0.11) falls on the two correction lines, 0.033 / 0.077.
    const shares = documentDiscountShares(lines, [{ description: null, discount: amount(11), tax: reduced }]);
    expect(shares).toEqual([0n, -3n, -8n]);
  });
});
