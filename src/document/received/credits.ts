// Whether a received document credits its buyer: a type code EN 16931 lists for a credit note
// (BR-CL-01, the codes a UBL CreditNote takes: 381, 396, 261, 532, ...). CII states both kinds in
// one root, so its kind is read by this list too; the payables report, the bank matching of debits
// and the VAT received read it to treat a supplier's credit note as money owed to the buyer.
import { UBL_CREDIT_NOTE_TYPE_CODES } from "./validation/code-lists";

/** The type codes of a credit note, for SQL (`type_code IN (...)`). */
export const CREDIT_TYPE_CODES: readonly string[] = [...UBL_CREDIT_NOTE_TYPE_CODES];

/** Whether a document of this type code credits its buyer. */
export const statesCredit = (typeCode: string) => UBL_CREDIT_NOTE_TYPE_CODES.has(typeCode.trim());
