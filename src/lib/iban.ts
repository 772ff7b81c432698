// IBANs (ISO 13616): the registry length of each country and the mod-97 check digits.
// Stored compact and upper case (DE89370400440532013000); shown to people in groups of four.

/** IBAN length per country, from the SWIFT IBAN registry. */
// biome-ignore format: a registry table reads best packed
const LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

export type IbanResult = { ok: true; value: string } | { ok: false; message: string };

/** ISO 7064 MOD 97-10 over the rearranged IBAN (letters as 10..35), digit by digit. */
function mod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder;
}

/** An IBAN as stored and compared: without spaces, upper case. */
export const compactIban = (input: string) => input.replace(/\s+/g, "").toUpperCase();

export function parseIban(input: string): IbanResult {
  const iban = compactIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) {
    return { ok: false, message: "Must be an IBAN: a country code, 2 check digits and the account number" };
  }
  const country = iban.slice(0, 2);
  const length = LENGTHS[country];
  if (length === undefined) return { ok: false, message: `${country} does not issue IBANs` };
  if (iban.length !== length) return { ok: false, message: `A ${country} IBAN has ${length} characters` };
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) {
    return { ok: false, message: "The IBAN check digits do not match (mistyped?)" };
  }
  return { ok: true, value: iban };
}
