// VAT identifiers (EN 16931 BT-31/BT-48): the shape each country's identifier takes, checked
// offline after normalising (upper case; spaces, dots and hyphens removed except where the
// Swiss notation needs them). No check digits and no VIES lookup: a shape check only.
import { isCountryCode } from "./countries";

interface VatFormat {
  pattern: RegExp;
  /** Completes "Must be ... VAT identifier: ". */
  shape: string;
}

const digits = (prefix: string, n: string, shape = `${n} digits`): VatFormat => ({
  pattern: new RegExp(`^${prefix}\\d{${n}}$`),
  shape: `${prefix} followed by ${shape}`,
});

const UK_SHAPE = "9 or 12 digits, GD and 3 digits (government) or HA and 3 digits (health)";

/** EU member states (EL is Greece, XI Northern Ireland), the United Kingdom and Norway. */
const FORMATS: Record<string, VatFormat> = {
  AT: { pattern: /^ATU\d{8}$/, shape: "ATU followed by 8 digits" },
  BE: { pattern: /^BE[01]\d{9}$/, shape: "BE followed by 10 digits starting with 0 or 1" },
  BG: digits("BG", "9,10", "9 or 10 digits"),
  CY: { pattern: /^CY\d{8}[A-Z]$/, shape: "CY followed by 8 digits and a letter" },
  CZ: digits("CZ", "8,10", "8 to 10 digits"),
  DE: digits("DE", "9"),
  DK: digits("DK", "8"),
  EE: digits("EE", "9"),
  EL: digits("EL", "9"),
  ES: {
    pattern: /^ES(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
    shape: "ES followed by 9 characters: a letter, 7 digits and a digit or letter, or 8 digits and a letter",
  },
  FI: digits("FI", "8"),
  FR: {
    pattern: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
    shape: "FR followed by 2 check characters (digits or letters other than I and O) and 9 digits",
  },
  HR: digits("HR", "11"),
  HU: digits("HU", "8"),
  IE: {
    pattern: /^IE(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
    shape:
      "IE followed by 7 digits and 1 or 2 letters (or the older form 1 digit, 1 letter, 5 digits, 1 letter)",
  },
  IT: digits("IT", "11"),
  LT: { pattern: /^LT(?:\d{9}|\d{12})$/, shape: "LT followed by 9 or 12 digits" },
  LU: digits("LU", "8"),
  LV: digits("LV", "11"),
  MT: digits("MT", "8"),
  NL: { pattern: /^NL\d{9}B\d{2}$/, shape: "NL followed by 9 digits, B and 2 digits" },
  PL: digits("PL", "10"),
  PT: digits("PT", "9"),
  RO: { pattern: /^RO[1-9]\d{1,9}$/, shape: "RO followed by 2 to 10 digits, not starting with 0" },
  SE: { pattern: /^SE\d{10}01$/, shape: "SE followed by 12 digits ending in 01" },
  SI: digits("SI", "8"),
  SK: digits("SK", "10"),
  XI: { pattern: /^XI(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, shape: `XI followed by ${UK_SHAPE}` },
  GB: { pattern: /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/, shape: `GB followed by ${UK_SHAPE}` },
  NO: { pattern: /^NO\d{9}MVA$/, shape: "NO followed by 9 digits and MVA" },
};

/** Switzerland: CHE-123.456.789 MWST (or TVA, IVA), or the bare UID CHE123456789. */
const SWISS = /^CHE(\d{3})(\d{3})(\d{3})(MWST|TVA|IVA)?$/;
const SWISS_SHAPE = "CHE-123.456.789 followed by MWST, TVA or IVA, or CHE123456789";

/** Countries with no format here: the country prefix and 2 to 16 letters or digits. */
const OTHER = /^[A-Z]{2}[A-Z0-9]{2,16}$/;

export type VatIdResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * The identifier in its stored form, or why it is refused. Swiss VAT numbers keep their
 * official punctuation (`CHE-123.456.789 MWST`); every other identifier is stored compact
 * (`DE123456789`, `NO123456789MVA`).
 */
export function parseVatId(input: string): VatIdResult {
  const compact = input.toUpperCase().replace(/[\s.-]+/g, "");
  const prefix = compact.slice(0, 2);
  if (prefix === "GR")
    return { ok: false, message: "Greek VAT identifiers use the prefix EL, e.g. EL123456789" };
  if (prefix === "CH") {
    const swiss = SWISS.exec(compact);
    if (!swiss) return { ok: false, message: `Must be a Swiss VAT identifier: ${SWISS_SHAPE}` };
    const [, a, b, c, suffix] = swiss;
    return { ok: true, value: suffix ? `CHE-${a}.${b}.${c} ${suffix}` : compact };
  }
  const format = FORMATS[prefix];
  if (format) {
    return format.pattern.test(compact)
      ? { ok: true, value: compact }
      : { ok: false, message: `Must be a VAT identifier of the form ${format.shape}` };
  }
  if (!isCountryCode(prefix)) {
    return {
      ok: false,
      message: "Must start with a country prefix, e.g. DE123456789 (EL for Greece, XI for Northern Ireland)",
    };
  }
  return OTHER.test(compact)
    ? { ok: true, value: compact }
    : { ok: false, message: "Must be the country prefix followed by 2 to 16 letters or digits" };
}
