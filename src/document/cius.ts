// Rules of the CIUS (Peppol BIS Billing 3.0, XRechnung 3.0) that both sides read: the readiness of
// an outgoing e-invoice (src/services/einvoice/readiness/) and the validation of a received one
// (src/document/received/validation/).

/** BR-DE-16: the VAT categories for which XRechnung needs the seller identified for VAT. */
const XRECHNUNG_TAXED: ReadonlySet<string> = new Set(["S", "Z", "E", "AE", "K", "G", "L", "M"]);

/**
 * BR-DE-16: a document with a line, allowance or charge of a category above states the seller's
 * VAT id (BT-31), its tax number (BT-32) or a tax representative (BG-11).
 */
export function xrechnungSellerTaxIdMissing(
  categories: Iterable<string | null | undefined>,
  stated: { vatId: boolean; taxRegistrationId: boolean; taxRepresentative: boolean },
): boolean {
  if (stated.vatId || stated.taxRegistrationId || stated.taxRepresentative) return false;
  for (const category of categories) if (category && XRECHNUNG_TAXED.has(category)) return true;
  return false;
}

/** XRechnung's Skonto line in BT-20 (its common.sch `XR-SKONTO-REGEX`). */
const SKONTO_LINE =
  /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;

/** XPath's normalize-space: trimmed, inner runs of space, tab, CR and LF as one space. */
const normalizeSpace = (text: string) => text.replace(/[ \t\r\n]+/g, " ").trim();

/**
 * BR-DE-18: every line of the payment terms (BT-20) that starts with `#` is a Skonto line
 * (`#SKONTO#TAGE=14#PROZENT=2.00#`), and a line break follows the last one. Read as the rule reads
 * it: lines split at CR LF or LF, and what follows the last `#...#` must start with a line break.
 */
export function skontoProblem(terms: string | null | undefined): string | undefined {
  if (!terms) return undefined;
  const hashLines = terms.split(/\r?\n/).filter((line) => normalizeSpace(line).startsWith("#"));
  if (hashLines.length === 0) return undefined;
  const wellFormed = hashLines.every((line) => SKONTO_LINE.test(normalizeSpace(line)));
  const tail = terms.split(/#.+#/).at(-1) ?? "";
  if (wellFormed && /^\s*\n/.test(tail)) return undefined;
  return (
    "XRechnung reads a payment terms line that starts with # as a cash discount: " +
    "#SKONTO#TAGE=n#PROZENT=n.nn# (optionally #BASISBETRAG=n.nn#) followed by a line break (BR-DE-18)"
  );
}

/**
 * The country Peppol's national rules key on for a party: the prefix of the VAT id the document
 * states, else the party's address (Peppol's `$supplierCountry`, `$customerCountry`).
 */
export function peppolPartyCountry(stated: { vatId: string | null; country: string | null | undefined }) {
  return (stated.vatId?.trim().slice(0, 2) || stated.country || "").toUpperCase();
}
