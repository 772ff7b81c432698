// The totals rows every output lays out (src/document/totals.ts), row by row against figures
// written by hand: which rows a document shows, their labels, signs (U+2212) and emphasis, the
// amount-due rule, and the live balance rows of the e-mails and the hosted page.
import { describe, expect, it } from "vitest";
import type { Locale } from "../../src/db/schema/identity";
import { formatterFor } from "../../src/document/format";
import { documentLabels } from "../../src/document/labels";
import type { IssuedDocument, IssuedTotals } from "../../src/document/model";
import { balanceOpening, balanceRows, type TotalsRow, totalsRows } from "../../src/document/totals";

type Doc = Pick<IssuedDocument, "kind" | "typeCode" | "totals" | "refundMinor">;

const de = { t: documentLabels("de", "DE"), f: formatterFor("de", "EUR") };

/** A document's totals: 1.000,00 net at 19 %, nothing else, unless overridden. */
function doc(totals: Partial<IssuedTotals> = {}, rest: Partial<Doc> = {}): Doc {
  return {
    kind: "invoice",
    typeCode: "380",
    refundMinor: 0,
    totals: {
      lineTotalMinor: 100000,
      allowanceTotalMinor: 0,
      chargeTotalMinor: 0,
      taxExclusiveMinor: 100000,
      taxMinor: 19000,
      taxInclusiveMinor: 119000,
      prepaidMinor: 0,
      roundingMinor: 0,
      grandTotalMinor: 119000,
      payableMinor: 119000,
      ...totals,
    },
    ...rest,
  };
}

/** The rows as "label | amount | sign | emphasis", with plain spaces. */
const shown = (rows: TotalsRow[]) =>
  rows.map((row) =>
    [row.label, row.amount.replace(/\u00a0/g, " "), row.sign || "·", row.emphasis ?? "·"].join(" | "),
  );

describe("totalsRows", () => {
  it("shows the total as what is asked when the amount due equals it: no second row", () => {
    expect(shown(totalsRows(doc(), de.t, de.f))).toEqual([
      "Zwischensumme | 1.000,00 € | · | ·",
      "Summe netto | 1.000,00 € | · | ·",
      "Umsatzsteuer gesamt | 190,00 € | · | ·",
      "Gesamtbetrag | 1.190,00 € | · | total",
    ]);
  });

  it("lists every row a document can have, in order, deductions with U+2212", () => {
    // 1.000,00 lines, 50,00 off, 20,00 charged: 970,00 net, 184,30 VAT, 1.154,30; rounded by
    // -0,30 to 1.154,00; 100,00 prepaid and 10,00 VAT paid by the buyer: 1.044,00 asked.
    const rows = totalsRows(
      doc({
        allowanceTotalMinor: 5000,
        chargeTotalMinor: 2000,
        taxExclusiveMinor: 97000,
        taxMinor: 18430,
        taxInclusiveMinor: 115430,
        roundingMinor: -30,
        grandTotalMinor: 115400,
        prepaidMinor: 10000,
        splitPaymentMinor: 1000,
        payableMinor: 104400,
      }),
      de.t,
      de.f,
    );
    expect(shown(rows)).toEqual([
      "Zwischensumme | 1.000,00 € | · | ·",
      "Nachlässe | −50,00 € | − | ·",
      "Zuschläge | 20,00 € | · | ·",
      "Summe netto | 970,00 € | · | ·",
      "Umsatzsteuer gesamt | 184,30 € | · | ·",
      "Rundung | −0,30 € | − | ·",
      "Gesamtbetrag | 1.154,00 € | · | total",
      "Vorausbezahlt | −100,00 € | − | ·",
      "USt. zahlt der Käufer (Split Payment) | −10,00 € | − | ·",
      "Zahlbetrag | 1.044,00 € | · | due",
    ]);
    expect(rows.map((row) => row.kind)).toEqual([
      "subtotal",
      "discounts",
      "charges",
      "taxExclusiveTotal",
      "taxTotal",
      "rounding",
      "total",
      "prepaid",
      "splitPayment",
      "payable",
    ]);
    expect(rows.map((row) => row.amountMinor)).toEqual([
      100000, -5000, 2000, 97000, 18430, -30, 115400, -10000, -1000, 104400,
    ]);
    expect(rows.some((row) => row.amount.includes("-"))).toBe(false);
  });

  it("ends an invoice whose prepayments exceed its total with what it refunds, without a minus", () => {
    const rows = totalsRows(doc({ prepaidMinor: 150000, payableMinor: -31000 }), de.t, de.f);
    expect(shown(rows).slice(-3)).toEqual([
      "Gesamtbetrag | 1.190,00 € | · | total",
      "Vorausbezahlt | −1.500,00 € | − | ·",
      "Zu erstatten | 310,00 € | · | due",
    ]);
  });

  it("ends an invoice whose total is below zero with what it refunds, though it equals the total", () => {
    const below = doc({
      lineTotalMinor: -10000,
      taxExclusiveMinor: -10000,
      taxMinor: -1900,
      taxInclusiveMinor: -11900,
      grandTotalMinor: -11900,
      payableMinor: -11900,
    });
    expect(shown(totalsRows(below, de.t, de.f))).toEqual([
      "Zwischensumme | −100,00 € | − | ·",
      "Summe netto | −100,00 € | − | ·",
      "Umsatzsteuer gesamt | −19,00 € | − | ·",
      "Gesamtbetrag | −119,00 € | − | total",
      "Zu erstatten | 119,00 € | · | due",
    ]);
  });

  it("asks nothing on a credit note (nor a 381), and states a credit note's refunded part", () => {
    const split = { splitPaymentMinor: 1900, payableMinor: 100000 };
    const note = doc(split, { kind: "credit_note", typeCode: "381", refundMinor: 50000 });
    expect(shown(totalsRows(note, de.t, de.f)).slice(-3)).toEqual([
      "Gesamtbetrag | 1.190,00 € | · | total",
      "USt. zahlt der Käufer (Split Payment) | −19,00 € | − | ·",
      "Erstattet | 500,00 € | · | ·",
    ]);
    const credits = doc(split, { typeCode: "381" });
    expect(totalsRows(credits, de.t, de.f).map((row) => row.kind)).not.toContain("payable");
  });

  it("names the tax row by the seller's tax words: VAT total, Sales tax total", () => {
    const en = (country: string) =>
      totalsRows(doc(), documentLabels("en", country), formatterFor("en", "EUR")).find(
        (row) => row.kind === "taxTotal",
      )?.label;
    expect(en("IE")).toBe("VAT total");
    expect(en("US")).toBe(documentLabels("en", "US").taxTotal);
    expect(en("US")).not.toBe(en("IE"));
  });
});

describe("balanceRows and balanceOpening", () => {
  it("takes paid and credited off what is asked, and ends with the balance due", () => {
    const invoice = doc({ prepaidMinor: 20000, payableMinor: 99000 });
    expect(shown([balanceOpening(invoice, de.t, de.f)])).toEqual(["Zahlbetrag | 990,00 € | · | ·"]);
    expect(shown([balanceOpening(doc(), de.t, de.f)])).toEqual(["Gesamtbetrag | 1.190,00 € | · | ·"]);
    const rows = balanceRows(
      invoice,
      { paidMinor: 30000, creditedMinor: 10000, dueMinor: 59000 },
      de.t,
      de.f,
    );
    expect(shown(rows)).toEqual([
      "Bezahlt | −300,00 € | − | ·",
      "Gutgeschrieben | −100,00 € | − | ·",
      "Offener Betrag | 590,00 € | · | due",
    ]);
  });

  it("adds a credit and a refund to what an invoice that owes back refunds, with a plus", () => {
    const owes = doc({ prepaidMinor: 150000, payableMinor: -31000 });
    const rows = balanceRows(
      owes,
      { paidMinor: 0, creditedMinor: 5000, refundedMinor: 31000, dueMinor: -5000 },
      de.t,
      de.f,
    );
    expect(shown(rows)).toEqual([
      "Gutgeschrieben | +50,00 € | + | ·",
      "Erstattet | +310,00 € | + | ·",
      "Zu erstatten | 50,00 € | · | due",
    ]);
  });
});

describe("the minus sign", () => {
  const locales: Locale[] = ["en", "de", "fr", "es", "it", "nl", "pl"];

  it.each(locales)("is U+2212 in every amount below zero (%s), never a hyphen-minus", (locale) => {
    const f = formatterFor(locale, "EUR");
    for (const text of [f.money(-123456), f.deduction(5000), f.unitPrice({ unitPriceMinor: -995 })]) {
      expect(text).toContain("\u2212");
      expect(text).not.toContain("-");
    }
    expect(f.deduction(-5000)).toBe(f.money(5000));
    expect(f.deduction(5000)).toBe(f.money(-5000));
  });
});
