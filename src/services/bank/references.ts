// What a bank entry names: the references it quotes, read the same way for credits (invoices,
// match.ts) and debits (bills, bill-match.ts).
import type { StatementEntry } from "../../lib/bank-statement/types";
import { referenceKey, referenceKeysIn } from "../../lib/payment-reference";

/** A document number shorter than this never matches a word of free text ("1" would match too much). */
export const MIN_NUMBER_KEY = 4;

/** The references an entry quotes, in order: its structured reference, then every one in its texts. */
export function entryReferenceKeys(
  entry: Pick<StatementEntry, "structuredReference" | "remittanceInformation">,
) {
  const keys: string[] = [];
  if (entry.structuredReference) {
    keys.push(referenceKey(entry.structuredReference), ...referenceKeysIn(entry.structuredReference));
  }
  if (entry.remittanceInformation) keys.push(...referenceKeysIn(entry.remittanceInformation));
  return keys;
}
