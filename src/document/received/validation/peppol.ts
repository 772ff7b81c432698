// Peppol BIS Billing 3.0 (OpenPEPPOL 3.0.19) on a received document's EN 16931 view: the
// PEPPOL-EN16931-R*, -P*, -CL008, -F001 rules and the identifier formats PEPPOL-COMMON-R040..R050
// that the view can be held to. XRechnung merges a part of them (XRECHNUNG_PEPPOL_RULES).

import { isCalendarDate } from "../../../lib/clock";
import { PEPPOL_EAS_CODES, peppolIdentifierFormatBroken } from "../../../lib/eas";
import { statedTypeCodeRow } from "../../../lib/type-codes";
import { PEPPOL_VATEX_CATEGORY } from "../../../lib/vatex";
import { peppolPartyCountry } from "../../cius";
import { PEPPOL_SPECIFICATION_ID } from "../../einvoice";
import type { ReceivedDocument } from "../types";
import {
  abs,
  amountOrZero,
  compare,
  type Decimal,
  multiply,
  parseDecimal,
  shift,
  subtract,
  sum,
} from "./decimal";
import { present } from "./en16931";
import type { Fail } from "./rules";

/**
 * The Peppol rules KoSIT merges into its XRechnung 3.0 release (xrechnung-schematron 2.5.0,
 * `src/xsl/rule-list.xml`): an XRechnung is held to these of Peppol's rules.
 */
export const XRECHNUNG_PEPPOL_RULES: ReadonlySet<string> = new Set(
  ["R001", "R005", "R008", "R010", "R020", "R040", "R041", "R042", "R043", "R044", "R046", "R053", "R054"]
    .concat(["R055", "R061", "R101", "R110", "R111", "R120", "R121", "R130"])
    .map((rule) => `PEPPOL-EN16931-${rule}`),
);

const BUSINESS_PROCESS = /urn:fdc:peppol.eu:2017:poacc:billing:([0-9]{2}):1.0/;
/** P0100, P0101: the type codes billing process 01 takes, for an invoice and a credit note. */
const PROCESS_01_INVOICE = new Set(
  "71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877".split(
    " ",
  ),
);
const PROCESS_01_CREDIT_NOTE = new Set("381 396 81 83 532".split(" "));

const amount = amountOrZero;
const TWO_CENTS: Decimal = { units: 2n, scale: 2 };
const within = (gap: Decimal, bound: Decimal) => compare(abs(gap), bound) <= 0;

export function peppolRules(doc: ReceivedDocument, syntax: "ubl" | "cii", fail: Fail) {
  if (!present(doc.profileId)) fail("PEPPOL-EN16931-R001", "Business process (BT-23) must be provided");
  const process = BUSINESS_PROCESS.exec(doc.profileId ?? "")?.[1] ?? null;
  if (!process)
    fail(
      "PEPPOL-EN16931-R007",
      "Business process (BT-23) must be urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0",
    );
  const supplierCountry = peppolPartyCountry({
    vatId: doc.seller.vatId ?? doc.taxRepresentative?.vatId ?? null,
    country: doc.seller.address.country,
  });
  const customerCountry = peppolPartyCountry({ vatId: doc.buyer.vatId, country: doc.buyer.address.country });
  const german = supplierCountry === "DE" && customerCountry === "DE";
  if (doc.notes.length > 1 && !german)
    fail("PEPPOL-EN16931-R002", "No more than one note (BT-22) unless buyer and seller are German");
  if (!present(doc.buyerReference) && !present(doc.purchaseOrder))
    fail(
      "PEPPOL-EN16931-R003",
      "A buyer reference (BT-10) or purchase order reference (BT-13) must be provided",
    );
  if (!(doc.customizationId ?? "").trim().startsWith(PEPPOL_SPECIFICATION_ID))
    fail("PEPPOL-EN16931-R004", `Specification identifier (BT-24) must be ${PEPPOL_SPECIFICATION_ID}`);
  if (doc.taxCurrency && doc.taxCurrency.code.trim() === doc.currency.trim())
    fail("PEPPOL-EN16931-R005", "The VAT accounting currency (BT-6) must differ from the invoice currency");
  if (doc.taxCurrency && present(doc.taxCurrency.taxTotal) && present(doc.totals.taxTotal)) {
    const a = amount(doc.taxCurrency.taxTotal).units;
    const b = amount(doc.totals.taxTotal).units;
    if (!((a <= 0n && b <= 0n) || (a >= 0n && b >= 0n)))
      fail("PEPPOL-EN16931-R055", "The VAT totals in both currencies must have the same sign");
  }
  // One VAT total in the document's currency with the breakdown (UBL: one TaxTotal with
  // subtotals), and one in the VAT accounting currency exactly when that is stated.
  if (syntax === "cii" ? !present(doc.totals.taxTotal) : doc.subtotals.length === 0)
    fail("PEPPOL-EN16931-R053", "Exactly one VAT total with the VAT breakdown must be provided");
  if (doc.taxCurrency && !present(doc.taxCurrency.taxTotal))
    fail(
      "PEPPOL-EN16931-R054",
      "The VAT total in the VAT accounting currency must be provided with that currency",
    );
  if (!doc.buyer.endpoint)
    fail("PEPPOL-EN16931-R010", "The buyer's electronic address (BT-49) must be provided");
  if (!doc.seller.endpoint)
    fail("PEPPOL-EN16931-R020", "The seller's electronic address (BT-34) must be provided");

  const adjustments = [
    ...doc.allowances,
    ...doc.charges,
    ...doc.lines.flatMap((line) => [...line.allowances, ...line.charges]),
  ];
  for (const a of adjustments) {
    const base = parseDecimal(a.base);
    const percent = parseDecimal(a.percent);
    if (base && percent && !within(subtract(amount(a.amount), shift(multiply(base, percent), 2)), TWO_CENTS))
      fail(
        "PEPPOL-EN16931-R040",
        "An allowance or charge amount must be its base times its percentage / 100",
      );
  }
  for (const a of [...doc.allowances, ...doc.charges]) {
    if (present(a.percent) && !present(a.base))
      fail("PEPPOL-EN16931-R041", "An allowance or charge base amount must be provided with its percentage");
    if (present(a.base) && !present(a.percent))
      fail("PEPPOL-EN16931-R042", "An allowance or charge percentage must be provided with its base amount");
  }

  for (const line of doc.lines) {
    if (present(line.grossPrice)) {
      const net = subtract(amount(line.grossPrice), amount(line.priceDiscount));
      if (compare(amount(line.price), net) !== 0)
        fail(
          "PEPPOL-EN16931-R046",
          `Line ${line.id}: the net price must be the gross price less the price discount`,
        );
    }
    const start = doc.period?.start;
    const end = doc.period?.end;
    if (present(start) && present(line.period?.start) && (line.period?.start ?? "") < start)
      fail("PEPPOL-EN16931-R110", `Line ${line.id}'s period must start within the invoice period`);
    if (present(end) && present(line.period?.end) && (line.period?.end ?? "") > end)
      fail("PEPPOL-EN16931-R111", `Line ${line.id}'s period must end within the invoice period`);
    const baseQuantity = parseDecimal(line.baseQuantity) ?? { units: 1n, scale: 0 };
    if (baseQuantity.units <= 0n) {
      fail("PEPPOL-EN16931-R121", `Line ${line.id}: the price base quantity must be above zero`);
      continue;
    }
    // net = quantity x price / base + charges - allowances, within 0.02; multiplied out by the base.
    const adjustment = subtract(
      sum(line.charges.map((c) => amount(c.amount))),
      sum(line.allowances.map((a) => amount(a.amount))),
    );
    const gap = subtract(
      multiply(subtract(amount(line.net), adjustment), baseQuantity),
      multiply(amount(line.quantity), amount(line.price)),
    );
    if (!within(gap, multiply(TWO_CENTS, baseQuantity)))
      fail(
        "PEPPOL-EN16931-R120",
        `Line ${line.id}: the net amount must be quantity x net price / base quantity + charges - allowances`,
      );
  }

  if (process === "01") {
    const ubl = syntax === "ubl";
    const codes = ubl && doc.kind === "credit_note" ? PROCESS_01_CREDIT_NOTE : PROCESS_01_INVOICE;
    const rule = ubl && doc.kind === "credit_note" ? "PEPPOL-EN16931-P0101" : "PEPPOL-EN16931-P0100";
    if (!codes.has(doc.typeCode.trim()))
      fail(rule, `Type code ${doc.typeCode} is not one billing process 01 takes`);
  }
  if (statedTypeCodeRow(doc.typeCode)?.peppol === "between_german_parties" && !german)
    fail("PEPPOL-EN16931-P0112", "Type codes 326 and 384 are for invoices between German parties only");
  for (const entry of doc.subtotals) {
    const code = entry.exemptionCode?.trim().toUpperCase();
    const bound = code ? PEPPOL_VATEX_CATEGORY[code] : undefined;
    const rule = code ? VATEX_RULE[code] : undefined;
    if (bound && rule && entry.tax.category !== bound)
      fail(rule, `Exemption code ${code} is for VAT category ${bound}`);
  }
  const dates = [
    doc.issueDate,
    doc.dueDate,
    doc.deliveryDate,
    doc.period?.start,
    doc.period?.end,
    ...doc.preceding.map((p) => p.issueDate),
    ...doc.lines.flatMap((l) => [l.period?.start, l.period?.end]),
  ];
  if (dates.some((d) => present(d) && !isCalendarDate(d)))
    fail("PEPPOL-EN16931-F001", "A date must be formatted YYYY-MM-DD");
  for (const party of [doc.seller, doc.buyer]) {
    if (party.endpoint && present(party.endpoint.scheme) && !PEPPOL_EAS_CODES.has(party.endpoint.scheme))
      fail(
        "PEPPOL-EN16931-CL008",
        `Electronic address scheme ${party.endpoint.scheme} is not one Peppol accepts`,
      );
    const identified = [
      party.endpoint,
      ...party.identifiers,
      party.companyIdScheme ? { scheme: party.companyIdScheme, id: party.companyId ?? "" } : null,
    ];
    for (const identifier of identified) {
      if (!identifier?.scheme) continue;
      const broken = peppolIdentifierFormatBroken(identifier.scheme, identifier.id);
      if (broken) fail(broken.rule, `Scheme ${identifier.scheme} needs ${broken.name}`);
    }
  }
}

/** P0104..P0111: the rule that binds each VATEX code Peppol binds to its category. */
const VATEX_RULE: Readonly<Record<string, string>> = {
  "VATEX-EU-G": "PEPPOL-EN16931-P0104",
  "VATEX-EU-O": "PEPPOL-EN16931-P0105",
  "VATEX-EU-IC": "PEPPOL-EN16931-P0106",
  "VATEX-EU-AE": "PEPPOL-EN16931-P0107",
  "VATEX-EU-D": "PEPPOL-EN16931-P0108",
  "VATEX-EU-F": "PEPPOL-EN16931-P0109",
  "VATEX-EU-I": "PEPPOL-EN16931-P0110",
  "VATEX-EU-J": "PEPPOL-EN16931-P0111",
};
