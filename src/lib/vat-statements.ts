// The legal statements an invoice prints for a VAT category that charges no (or no local) VAT,
// and the word for the tax itself. One place for the rule: the PDF, the hosted page, the e-mail
// and the e-invoices (BT-120 reason text, BT-121 VATEX code) all read it, so every output of one
// invoice says the same thing in the document's language.
//
// The rule: a tax rate's own `exemption_reason` is the statement when it has one; otherwise the
// category's customary statement below (K and G cite their article of the VAT Directive; reverse
// charge does not, since AE covers Art. 194, 196 and the domestic cases of Art. 199). The code is the
// rate's `exemption_reason_code`, else the category's standard VATEX code (E has none: the
// exemption's article differs per case). S, Z, L and M state nothing.
import type { Locale } from "../db/schema/identity";
import type { TaxCategory } from "../db/schema/tax-rates";

/** The document locales. */
export type StatementLocale = Locale;

type StatedCategory = "AE" | "K" | "G" | "E" | "O";

const STATEMENTS: Record<StatedCategory, Record<StatementLocale, string>> = {
  AE: {
    en: "Reverse charge: VAT to be accounted for by the recipient",
    de: "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)",
    fr: "Autoliquidation : TVA due par le preneur",
    nl: "Btw verlegd: btw te voldoen door de afnemer",
    it: "Inversione contabile: IVA a carico del destinatario",
    es: "Inversión del sujeto pasivo: IVA a cargo del destinatario",
    pl: "Odwrotne obciążenie: VAT rozlicza nabywca",
  },
  K: {
    en: "Intra-Community supply exempt from VAT (Article 138, Directive 2006/112/EC)",
    de: "Steuerfreie innergemeinschaftliche Lieferung (Art. 138 MwStSystRL)",
    fr: "Exonération de TVA, livraison intracommunautaire (article 138 de la directive 2006/112/CE)",
    nl: "Intracommunautaire levering, vrijgesteld van btw (artikel 138, Richtlijn 2006/112/EG)",
    it: "Cessione intracomunitaria non imponibile (articolo 138, direttiva 2006/112/CE)",
    es: "Entrega intracomunitaria exenta de IVA (artículo 138, Directiva 2006/112/CE)",
    pl: "Wewnątrzwspólnotowa dostawa towarów zwolniona z VAT (art. 138 dyrektywy 2006/112/WE)",
  },
  G: {
    en: "Export outside the EU, exempt from VAT (Article 146, Directive 2006/112/EC)",
    de: "Steuerfreie Ausfuhrlieferung (Art. 146 MwStSystRL)",
    fr: "Exonération de TVA, exportation hors de l'UE (article 146 de la directive 2006/112/CE)",
    nl: "Uitvoer buiten de EU, vrijgesteld van btw (artikel 146, Richtlijn 2006/112/EG)",
    it: "Esportazione fuori dall'UE non imponibile (articolo 146, direttiva 2006/112/CE)",
    es: "Exportación fuera de la UE exenta de IVA (artículo 146, Directiva 2006/112/CE)",
    pl: "Eksport poza UE zwolniony z VAT (art. 146 dyrektywy 2006/112/WE)",
  },
  E: {
    en: "Exempt from VAT",
    de: "Steuerbefreit",
    fr: "Exonéré de TVA",
    nl: "Vrijgesteld van btw",
    it: "Esente IVA",
    es: "Exento de IVA",
    pl: "Zwolnione z VAT",
  },
  O: {
    en: "Not subject to VAT",
    de: "Nicht steuerbar",
    fr: "Non soumis à la TVA",
    nl: "Niet onderworpen aan btw",
    it: "Non soggetto a IVA",
    es: "No sujeto a IVA",
    pl: "Niepodlegające opodatkowaniu VAT",
  },
};

/** CEF VATEX codes for the categories that have one code of their own. */
const VATEX: Partial<Record<StatedCategory, string>> = {
  AE: "VATEX-EU-AE",
  K: "VATEX-EU-IC",
  G: "VATEX-EU-G",
  O: "VATEX-EU-O",
};

const isStated = (category: TaxCategory | null): category is StatedCategory =>
  category !== null && category in STATEMENTS;

/** The part of a tax breakdown entry (or a tax rate) a statement depends on. */
export interface StatementSource {
  category: TaxCategory | null;
  exemption_reason: string | null;
  exemption_reason_code: string | null;
}

export interface VatStatement {
  /** BT-120: the rate's own reason, else the category's statement in the document's language. */
  text: string;
  /** BT-121: the rate's VATEX code, else the category's standard one (null for E without a code). */
  code: string | null;
  /** The line printed on the PDF, the page and the e-mail: the text, and the rate's own code if any. */
  line: string;
}

/** The statement for one breakdown entry, or null for categories that need none (S, Z, L, M). */
export function vatStatement(source: StatementSource, locale: StatementLocale): VatStatement | null {
  if (!isStated(source.category)) return null;
  const ownReason = source.exemption_reason?.trim() || null;
  const ownCode = source.exemption_reason_code?.trim() || null;
  const text = ownReason ?? STATEMENTS[source.category][locale];
  return {
    text,
    code: ownCode ?? VATEX[source.category] ?? null,
    line: ownCode ? `${text} (${ownCode})` : text,
  };
}

/** The lines a document prints: one per distinct statement, in breakdown order. */
export function vatStatementLines(breakdown: readonly StatementSource[], locale: StatementLocale): string[] {
  const lines = breakdown.flatMap((entry) => vatStatement(entry, locale)?.line ?? []);
  return [...new Set(lines)];
}

/**
 * Sellers in countries without VAT or GST: their invoices say "Tax" ("Sales tax" in the United
 * States) instead of "VAT". A short list of well-known cases, not a tax atlas.
 */
const NO_VAT_COUNTRIES: Record<string, "sales" | "tax"> = {
  US: "sales",
  HK: "tax",
  MO: "tax",
};

/** The words the documents use for the tax when the seller's country has no VAT. */
export interface TaxWords {
  tax: string;
  taxExclusiveTotal: string;
  breakdown: string;
  taxAmount: string;
  taxTotal: string;
}

const TAX_WORDS: Record<Locale, TaxWords> = {
  en: {
    tax: "Tax",
    taxExclusiveTotal: "Total excl. tax",
    breakdown: "Tax breakdown",
    taxAmount: "Tax amount",
    taxTotal: "Tax total",
  },
  de: {
    tax: "Steuer",
    taxExclusiveTotal: "Summe netto",
    breakdown: "Steuern",
    taxAmount: "Steuerbetrag",
    taxTotal: "Steuer gesamt",
  },
  fr: {
    tax: "Taxe",
    taxExclusiveTotal: "Total hors taxes",
    breakdown: "Détail des taxes",
    taxAmount: "Montant de la taxe",
    taxTotal: "Total des taxes",
  },
  es: {
    tax: "Impuesto",
    taxExclusiveTotal: "Total sin impuestos",
    breakdown: "Desglose de impuestos",
    taxAmount: "Importe del impuesto",
    taxTotal: "Total de impuestos",
  },
  it: {
    tax: "Imposta",
    taxExclusiveTotal: "Totale senza imposte",
    breakdown: "Riepilogo imposte",
    taxAmount: "Importo imposta",
    taxTotal: "Totale imposte",
  },
  nl: {
    tax: "Belasting",
    taxExclusiveTotal: "Totaal excl. belasting",
    breakdown: "Belastingspecificatie",
    taxAmount: "Belastingbedrag",
    taxTotal: "Totaal belasting",
  },
  pl: {
    tax: "Podatek",
    taxExclusiveTotal: "Razem bez podatku",
    breakdown: "Zestawienie podatków",
    taxAmount: "Kwota podatku",
    taxTotal: "Razem podatek",
  },
};

const SALES_TAX_WORDS: TaxWords = {
  tax: "Sales tax",
  taxExclusiveTotal: "Total excl. sales tax",
  breakdown: "Sales tax breakdown",
  taxAmount: "Sales tax amount",
  taxTotal: "Sales tax total",
};

/**
 * The tax words for a seller in a country without VAT, or null where the documents keep their
 * localized VAT words. English documents of US sellers say "Sales tax".
 */
export function nonVatTaxWords(sellerCountry: string | null | undefined, locale: Locale): TaxWords | null {
  const kind = sellerCountry ? NO_VAT_COUNTRIES[sellerCountry.toUpperCase()] : undefined;
  if (!kind) return null;
  return kind === "sales" && locale === "en" ? SALES_TAX_WORDS : TAX_WORDS[locale];
}
