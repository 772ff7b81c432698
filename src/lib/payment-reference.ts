// Payment references the payer quotes with a transfer and the bank carries back: ISO 11649 "RF"
// creditor references, the plain invoice number, and Belgium's structured communication ("OGM",
// +++123/4567/89002+++). Derivation from an invoice number, check digits, and finding them in
// the free text of a bank statement. The one module for all three formats.

export const PAYMENT_REFERENCE_FORMATS = ["rf", "number", "be_ogm"] as const;
export type PaymentReferenceFormat = (typeof PAYMENT_REFERENCE_FORMATS)[number];
export const DEFAULT_PAYMENT_REFERENCE_FORMAT: PaymentReferenceFormat = "rf";

/** ISO 11649: "RF", 2 check digits, 1..21 alphanumerics (25 characters at most). */
const RF_MAX_BODY = 21;

/** ISO 7064 MOD 97-10 over alphanumerics (letters as 10..35), digit by digit. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = Number.parseInt(char, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder;
}

/** Upper-case alphanumerics of a text (the part of an invoice number a reference can carry). */
const alphanumerics = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The RF reference of `body` (alphanumerics; the last 21 are kept); null when it has none. */
export function rfReference(body: string): string | null {
  const kept = alphanumerics(body).slice(-RF_MAX_BODY);
  if (kept === "") return null;
  const check = 98 - mod97(`${kept}RF00`);
  return `RF${String(check).padStart(2, "0")}${kept}`;
}

/** Whether a compact text is a well-formed RF reference whose check digits hold. */
export function isValidRf(text: string): boolean {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/** The Belgian structured communication of 10 digits: + 2 check digits (mod 97; 97 for 0). */
export function ogmReference(digits: string): string {
  const base = digits.replace(/\D/g, "").slice(-10).padStart(10, "0");
  const check = Number(BigInt(base) % 97n) || 97;
  const all = `${base}${String(check).padStart(2, "0")}`;
  return `+++${all.slice(0, 3)}/${all.slice(3, 7)}/${all.slice(7)}+++`;
}

/** 12 digits whose last two are the mod-97 check of the first ten. */
function ogmDigitsHold(digits: string): boolean {
  if (!/^\d{12}$/.test(digits)) return false;
  const check = Number(BigInt(digits.slice(0, 10)) % 97n) || 97;
  return check === Number(digits.slice(10));
}

/**
 * A structured communication as typed (`+++123/4567/89002+++`, `***...***`, or the 12 digits
 * with or without slashes): its canonical form, or null when its check digits do not hold.
 */
export function parseOgm(text: string): string | null {
  const digits = text.replace(/[+*/\s]/g, "");
  return ogmDigitsHold(digits) ? ogmReference(digits.slice(0, 10)) : null;
}

/** The reference an invoice numbered `number` carries in `format`; null without a number. */
export function derivePaymentReference(format: PaymentReferenceFormat, number: string | null): string | null {
  if (number === null || number === "") return null;
  if (format === "number") return number;
  if (format === "rf") return rfReference(number) ?? number;
  return ogmReference(number);
}

export type ReferenceCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * A reference typed in by a person: one that claims to be an RF reference ("RF" + 2 digits +
 * alphanumerics, spaces allowed) or a structured communication (+++/*** or 3/4/5 digits with
 * slashes) must carry valid check digits; anything else is free text and passes as it is.
 */
export function checkTypedReference(text: string): ReferenceCheck {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) {
    return isValidRf(compact)
      ? { ok: true, value: compact }
      : { ok: false, message: "The RF creditor reference's check digits do not match (mistyped?)" };
  }
  if (
    /^(\+\+\+|\*\*\*)?\d{3}\/\d{4}\/\d{5}(\+\+\+|\*\*\*)?$/.test(compact) ||
    /^(\+\+\+|\*\*\*)/.test(compact)
  ) {
    const canonical = parseOgm(compact);
    return canonical
      ? { ok: true, value: canonical }
      : { ok: false, message: "The structured communication's check digits do not match (mistyped?)" };
  }
  return { ok: true, value: text };
}

/**
 * The key a reference is looked up by: an RF reference compact and upper case, a structured
 * communication as its 12 digits, anything else its upper-case alphanumerics.
 */
export function referenceKey(reference: string): string {
  const compact = reference.replace(/\s+/g, "").toUpperCase();
  if (/^RF\d{2}/.test(compact)) return compact;
  const digits = compact.replace(/[+*/]/g, "");
  if (/^(\+\+\+|\*\*\*)/.test(compact) && /^\d{12}$/.test(digits)) return digits;
  return alphanumerics(compact);
}

/**
 * The keys (referenceKey) of the references a remittance text may name: each valid RF reference
 * (also written in groups of four), each structured communication whose check digits hold, and
 * each word (runs of letters, digits and - / . _), which an invoice number is.
 */
export function referenceKeysIn(text: string): string[] {
  const upper = text.toUpperCase();
  const keys = new Set<string>();
  for (const match of upper.matchAll(/RF\d{2}(?: ?[A-Z0-9]){1,21}/g)) {
    const compact = match[0].replace(/ /g, "");
    // The longest prefix that is a valid reference: a following word may have been swallowed.
    for (let end = compact.length; end > 4; end--) {
      if (isValidRf(compact.slice(0, end))) {
        keys.add(compact.slice(0, end));
        break;
      }
    }
  }
  for (const match of upper.matchAll(
    /(?:\+\+\+|\*\*\*)?\s?(\d{3})\s?\/?\s?(\d{4})\s?\/?\s?(\d{5})\s?(?:\+\+\+|\*\*\*)?/g,
  )) {
    const digits = `${match[1]}${match[2]}${match[3]}`;
    if (ogmDigitsHold(digits)) keys.add(digits);
  }
  for (const word of upper.match(/[A-Z0-9](?:[A-Z0-9\-/._]*[A-Z0-9])?/g) ?? []) {
    const key = alphanumerics(word);
    // An RF-shaped word counts only as the RF reference above, when its check digits hold.
    if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(key)) keys.add(key);
  }
  return [...keys];
}
