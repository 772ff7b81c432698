// Units of measure of products and invoice lines (BT-130): the codes accepted (UN/ECE
// Recommendation 20 with the Rec 21 extension, the list EN 16931 checks as BR-CL-23) and the short
// label every output prints after a quantity (PDF, hosted page, e-mail).
// C62 ("one", a count of pieces) is the default and prints no label, so a line without a unit
// looks as it always did; a code without a label here prints as the code itself.
import { z } from "@hono/zod-openapi";
import { UNIT_CODES } from "./unit-codes";

export const DEFAULT_UNIT_CODE = "C62";

export function isUnitCode(code: string): boolean {
  return UNIT_CODES.has(code);
}

/**
 * Codes are upper-case as Rec 20 writes them, and matched exactly (the e-invoice carries the code
 * as given): `hur` is refused with a hint, never silently rewritten.
 */
export const UnitCodeSchema = z
  .string()
  .superRefine((code, ctx) => {
    if (isUnitCode(code)) return;
    const upper = code.toUpperCase();
    ctx.addIssue({
      code: "custom",
      message: isUnitCode(upper)
        ? `Unit codes are upper-case: use ${upper}`
        : "Unknown unit code: use a UN/ECE Recommendation 20 code such as C62 (piece), HUR (hour), DAY, KGM",
    });
  })
  .openapi({
    example: "HUR",
    description:
      "UN/ECE Recommendation 20 unit code (with Rec 21), upper-case: C62 one/piece, H87 piece, HUR hour, " +
      "DAY day, MON month, KGM kilogram, MTR metre, LTR litre, KWH kilowatt hour, LS lump sum, ... " +
      "Default C62",
  });

type UnitLocale = "en" | "de" | "fr" | "es" | "it" | "nl" | "pl";
type Words = Record<UnitLocale, string>;

const symbol = (text: string): Words => ({
  en: text,
  de: text,
  fr: text,
  es: text,
  it: text,
  nl: text,
  pl: text,
});

/** Short labels of the common units, by locale (en, de, fr, es, it, nl, pl: the documents' locales). */
const LABELS: Readonly<Record<string, Words>> = {
  H87: { en: "pc", de: "Stk.", fr: "pce", es: "ud.", it: "pz.", nl: "st.", pl: "szt." },
  NAR: { en: "pc", de: "Stk.", fr: "pce", es: "ud.", it: "pz.", nl: "st.", pl: "szt." },
  SET: { en: "set", de: "Satz", fr: "jeu", es: "juego", it: "set", nl: "set", pl: "kpl." },
  PR: { en: "pair", de: "Paar", fr: "paire", es: "par", it: "paio", nl: "paar", pl: "para" },
  DZN: { en: "doz.", de: "Dtzd.", fr: "douz.", es: "doc.", it: "dozz.", nl: "dz.", pl: "tuz." },
  XPK: { en: "pkg", de: "Pkg.", fr: "colis", es: "paq.", it: "conf.", nl: "pak", pl: "opak." },
  E48: {
    en: "service",
    de: "Leistung",
    fr: "prestation",
    es: "servicio",
    it: "servizio",
    nl: "dienst",
    pl: "usługa",
  },
  LS: {
    en: "lump sum",
    de: "pauschal",
    fr: "forfait",
    es: "global",
    it: "a corpo",
    nl: "forfait",
    pl: "ryczałt",
  },
  SEC: symbol("s"),
  MIN: symbol("min"),
  HUR: { en: "h", de: "Std.", fr: "h", es: "h", it: "h", nl: "uur", pl: "godz." },
  DAY: { en: "day(s)", de: "Tag(e)", fr: "jour(s)", es: "día(s)", it: "gg", nl: "dag(en)", pl: "dn." },
  WEE: { en: "wk(s)", de: "Woche(n)", fr: "sem.", es: "sem.", it: "sett.", nl: "wk.", pl: "tydz." },
  MON: { en: "mo.", de: "Monat(e)", fr: "mois", es: "mes(es)", it: "mesi", nl: "mnd.", pl: "mies." },
  ANN: { en: "yr(s)", de: "Jahr(e)", fr: "an(s)", es: "año(s)", it: "anni", nl: "jr.", pl: "r." },
  GRM: symbol("g"),
  KGM: symbol("kg"),
  TNE: symbol("t"),
  MMT: symbol("mm"),
  CMT: symbol("cm"),
  MTR: symbol("m"),
  KMT: symbol("km"),
  MTK: symbol("m²"),
  MTQ: symbol("m³"),
  MLT: symbol("ml"),
  LTR: symbol("l"),
  KWT: symbol("kW"),
  KWH: symbol("kWh"),
  MWH: symbol("MWh"),
  E34: symbol("GB"),
  P1: symbol("%"),
};

/**
 * The label printed after a quantity in `locale` (English for another), or null for C62, which
 * prints none; a code without a label prints as the code.
 */
export function unitLabel(code: string, locale: string): string | null {
  if (code === DEFAULT_UNIT_CODE) return null;
  const words = LABELS[code];
  return words ? (words[locale as UnitLocale] ?? words.en) : code;
}

/** A formatted quantity with its unit label after it ("3 Std."), or alone when there is none. */
export function quantityWithUnit(quantity: string, label: string | null): string {
  return label ? `${quantity} ${label}` : quantity;
}
