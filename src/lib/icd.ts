// ISO/IEC 6523 International Code Designators (ICD): the schemes of party identifiers and legal
// registrations in EN 16931 (seller identifier BT-29-1, seller legal registration BT-30-1, buyer
// BT-46-1 / BT-47-1, payee BT-60-1 / BT-61-1). Source: the ICD code list as the CEN/TC 434
// validation artefacts 1.3.16 check it (rules BR-CL-10 for identifiers, BR-CL-11 for
// registrations; test/einvoice-rules/SOURCE.md names the release): 0002 to 0248, without the
// unassigned 0092, 0103, 0181 and 0182. 0088 is GLN, 0060 DUNS, 0106 the Dutch KVK, 0190 the
// Dutch OIN, 0184 the Danish CVR, 0007 the Swedish and 0192 the Norwegian organisation number,
// 0208 the Belgian enterprise number, 0204 the German Leitweg-ID.
const UNASSIGNED = new Set([92, 103, 181, 182]);

/** The ICD codes EN 16931 accepts as a scheme, "0002" to "0248". */
export const ICD_CODES: ReadonlySet<string> = new Set(
  Array.from({ length: 248 - 2 + 1 }, (_, i) => i + 2)
    .filter((code) => !UNASSIGNED.has(code))
    .map((code) => String(code).padStart(4, "0")),
);
