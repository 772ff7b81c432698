// Bank statements: import (dedupe, match, write without half-imports), the review queue of
// bank transactions, and a person's match / ignore / unmatch. docs/bank-statements.md.
export { importStatement } from "./import";
export { getTransaction, listStatements, listTransactions } from "./read";
export { ignoreTransaction, matchTransaction, unmatchTransaction } from "./review";
