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
 * The words for the tax itself, by the seller's country and the document's language: the short
 * word ("VAT", "USt.", "TVA", "IVA", "BTW", "MWST", "GST", "Tax", "Sales tax") that heads the lines'
 * tax column, and the longer phrases of the totals ("VAT total") and the breakdown. One rule for
 * every output (src/document/labels/ reads it).
 *
 * - Sellers in countries without VAT or GST say "Tax" ("Sales tax" in English for the United
 *   States); sellers in GST countries say "GST" in English; Swiss sellers say "MWST" in German.
 * - Everyone else: the document language's word for VAT.
 * A short list of well-known cases, not a tax atlas.
 */
const NO_VAT_COUNTRIES: Record<string, "sales" | "tax"> = {
  US: "sales",
  HK: "tax",
  MO: "tax",
};
const GST_COUNTRIES = new Set(["AU", "NZ", "SG", "IN", "MY"]);

/** The words the documents use for the tax. */
export interface TaxWords {
  /** The short word: the lines' tax column and the tax amount row. */
  tax: string;
  taxExclusiveTotal: string;
  breakdown: string;
  taxAmount: string;
  taxTotal: string;
}

/** Value added tax, in each document language. */
const VAT_WORDS: Record<Locale, TaxWords> = {
  en: {
    tax: "VAT",
    taxExclusiveTotal: "Total excl. VAT",
    breakdown: "VAT breakdown",
    taxAmount: "VAT amount",
    taxTotal: "VAT total",
  },
  de: {
    tax: "USt.",
    taxExclusiveTotal: "Summe netto",
    breakdown: "Umsatzsteuer",
    taxAmount: "Steuerbetrag",
    taxTotal: "Umsatzsteuer gesamt",
  },
  fr: {
    tax: "TVA",
    taxExclusiveTotal: "Total HT",
    breakdown: "Détail de la TVA",
    taxAmount: "Montant TVA",
    taxTotal: "Total TVA",
  },
  es: {
    tax: "IVA",
    taxExclusiveTotal: "Base imponible total",
    breakdown: "Desglose del IVA",
    taxAmount: "Cuota IVA",
    taxTotal: "Total IVA",
  },
  it: {
    tax: "IVA",
    taxExclusiveTotal: "Totale imponibile",
    breakdown: "Riepilogo IVA",
    taxAmount: "Imposta",
    taxTotal: "Totale IVA",
  },
  nl: {
    tax: "BTW",
    taxExclusiveTotal: "Totaal excl. btw",
    breakdown: "Btw-specificatie",
    taxAmount: "Btw-bedrag",
    taxTotal: "Totaal btw",
  },
  pl: {
    tax: "VAT",
    taxExclusiveTotal: "Razem netto",
    breakdown: "Zestawienie VAT",
    taxAmount: "Kwota VAT",
    taxTotal: "Razem VAT",
  },
};

/** Switzerland's Mehrwertsteuer, in German (French and Italian say TVA and IVA as above). */
const SWISS_GERMAN_WORDS: TaxWords = {
  tax: "MWST",
  taxExclusiveTotal: "Summe exkl. MWST",
  breakdown: "Mehrwertsteuer",
  taxAmount: "MWST-Betrag",
  taxTotal: "MWST gesamt",
};

const GST_WORDS: TaxWords = {
  tax: "GST",
  taxExclusiveTotal: "Total excl. GST",
  breakdown: "GST breakdown",
  taxAmount: "GST amount",
  taxTotal: "GST total",
};

/** A tax that is not VAT, in each document language. */
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

/** The tax words of a document: by its seller's country (ISO 3166-1 alpha-2) and its language. */
export function taxWords(sellerCountry: string | null | undefined, locale: Locale): TaxWords {
  const country = sellerCountry?.toUpperCase() ?? "";
  const noVat = NO_VAT_COUNTRIES[country];
  if (noVat) return noVat === "sales" && locale === "en" ? SALES_TAX_WORDS : TAX_WORDS[locale];
  if (GST_COUNTRIES.has(country) && locale === "en") return GST_WORDS;
  if (country === "CH" && locale === "de") return SWISS_GERMAN_WORDS;
  return VAT_WORDS[locale];
}
