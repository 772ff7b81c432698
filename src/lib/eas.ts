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
