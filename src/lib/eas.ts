// Electronic address schemes (EN 16931 BT-34/BT-49). Two lists, each where it applies:
// - EAS_CODES, the CEF EAS code list as EN 16931 checks it (BR-CL-25, validation artefacts 1.3.16):
//   the ICD-based 0xxx codes, the 99xx national codes and the non-participant codes EM (e-mail),
//   AN, AQ, AS, AU. The CII (guideline urn:cen.eu:en16931:2017) is held to this list.
// - PEPPOL_EAS_CODES, the subset Peppol BIS Billing 3.0 accepts as an EndpointID
//   (PEPPOL-EN16931-CL008, release 2025-Q2): only registered participants, so no EM, AN, AQ, AS,
//   AU. The UBL (CustomizationID Peppol BIS 3.0) is held to this one.
// Input accepts every code of EAS_CODES and the withdrawn 9901, as it always did: the lists grow
// with each release (0242, 0244, ...), and a scheme that no document may carry is named by the
// readiness of that document (`einvoice.syntaxes`), never refused where it was accepted before.
// 0088 is GLN, 0060 DUNS, 0204 the German Leitweg-ID, 9930 the German VAT number, 0208 the
// Belgian enterprise number, 0192 the Norwegian organisation number.
const PEPPOL =
  "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 " +
  "0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 " +
  "0210 0211 0212 0213 0215 0216 0217 0218 0221 0225 0230 0235 0240 9910 9913 9914 9915 9918 9919 " +
  "9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 " +
  "9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959";

/** CEF EAS codes EN 16931 knows beyond Peppol's subset (release 1.3.16). */
const EN16931_ONLY = "0219 0220 0242 0244 0245 0246 0248 AN AQ AS AU EM";

/** Withdrawn codes input accepted before: stored addresses may carry them, requests may send them. */
const WITHDRAWN = "9901";

export const PEPPOL_EAS_CODES: ReadonlySet<string> = new Set(PEPPOL.split(" "));

export const EAS_CODES: ReadonlySet<string> = new Set([...PEPPOL_EAS_CODES, ...EN16931_ONLY.split(" ")]);

/** What `electronic_address.scheme` accepts on input. */
export const ACCEPTED_EAS_SCHEMES: ReadonlySet<string> = new Set([...EAS_CODES, ...WITHDRAWN.split(" ")]);

// The identifier formats Peppol BIS 3.0 holds an EndpointID to, per scheme (fatal rules
// PEPPOL-COMMON-R040..R050, release 2025-Q2): check digits and lengths of the registers behind
// the codes. Schemes not listed carry any identifier.
const digitsOf = (id: string) => [...id].map((c) => c.charCodeAt(0) - 48);

/** GS1 check digit (GLN): weights 3 and 1 from the right, the last digit checks the rest. */
function gs1(id: string): boolean {
  const digits = digitsOf(id);
  const check = digits.pop() ?? -1;
  const sum = digits.reverse().reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Norwegian organisation number: weights 2..7 from the right, modulus 11. */
function mod11(id: string): boolean {
  const digits = digitsOf(id);
  const check = digits.pop() ?? -1;
  const sum = digits.reverse().reduce((total, d, i) => total + d * ((i % 6) + 2), 0);
  return Number(id) > 0 && (11 - (sum % 11)) % 11 === check;
}

/**
 * Belgian enterprise number (10 digits, also the digits of a BE VAT number): the last two digits
 * are 97 - (first eight mod 97).
 */
export const mod97Belgian = (id: string) =>
  /^[0-9]{10}$/.test(id) && 97 - (Number(id.slice(0, 8)) % 97) === Number(id.slice(8, 10));

/** Swedish organisation number: Luhn over the first nine digits. */
function luhn(id: string): boolean {
  const digits = digitsOf(id.slice(0, 9)).reverse();
  const sum = digits.reduce(
    (total, d, i) => total + (i % 2 === 0 ? ((d * 2) % 10) + Math.floor((d * 2) / 10) : d),
    0,
  );
  return (10 - (sum % 10)) % 10 === Number(id[9]);
}

/** Australian Business Number: weights 10,1,3,...,19 with 1 taken off the first digit, modulus 89. */
function abn(id: string): boolean {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = digitsOf(id);
  digits[0] = (digits[0] ?? 0) - 1;
  return digits.reduce((total, d, i) => total + d * (weights[i] ?? 0), 0) % 89 === 0;
}

const ENDPOINT_FORMATS: Record<string, { rule: string; name: string; valid: (id: string) => boolean }> = {
  "0088": {
    rule: "PEPPOL-COMMON-R040",
    name: "a GLN with a valid GS1 check digit",
    valid: (id) => /^[0-9]+$/.test(id) && gs1(id),
  },
  "0192": {
    rule: "PEPPOL-COMMON-R041",
    name: "a Norwegian organisation number (9 digits, modulus 11)",
    valid: (id) => /^[0-9]{9}$/.test(id) && mod11(id),
  },
  "0184": {
    rule: "PEPPOL-COMMON-R042",
    name: "a Danish CVR number (8 digits, or DK and 8 digits)",
    valid: (id) => /^(DK)?[0-9]{8}$/.test(id),
  },
  "0208": {
    rule: "PEPPOL-COMMON-R043",
    name: "a Belgian enterprise number (10 digits, modulus 97)",
    valid: (id) => /^[0-9]{10}$/.test(id) && mod97Belgian(id),
  },
  "0007": {
    rule: "PEPPOL-COMMON-R049",
    name: "a Swedish organisation number (10 digits, Luhn)",
    valid: (id) => /^[0-9]{10}$/.test(id) && luhn(id),
  },
  "0151": {
    rule: "PEPPOL-COMMON-R050",
    name: "an Australian Business Number (11 digits, modulus 89)",
    valid: (id) => /^[0-9]{11}$/.test(id) && abn(id),
  },
};

/**
 * The Peppol rule (PEPPOL-COMMON-R040..R050) and format `id` breaks in `scheme`, or undefined when
 * it has the format. Peppol holds an EndpointID, a party identifier and a legal registration to it.
 */
export function peppolIdentifierFormatBroken(
  scheme: string,
  id: string,
): { rule: string; name: string } | undefined {
  const format = ENDPOINT_FORMATS[scheme];
  if (!format || format.valid(id.trim())) return undefined;
  return { rule: format.rule, name: format.name };
}

/** Why Peppol refuses `id` as an EndpointID in `scheme`, or undefined when it accepts it. */
export function peppolEndpointIdProblem(scheme: string, id: string): string | undefined {
  const broken = peppolIdentifierFormatBroken(scheme, id);
  return broken && `Scheme ${scheme} needs ${broken.name} (${broken.rule})`;
}
