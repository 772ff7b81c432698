// Routes of bank statements (import, list) and the review queue of bank transactions.
import {
  bearerSecurity,
  commonErrors,
  conflictError,
  errorResponse,
  IdParam,
  jsonBody,
  jsonResponse,
  notFoundError,
  validationErrorResponse,
} from "../../lib/openapi";
import { OffsetQuerySchema } from "../../lib/pagination";
import { memberRoute } from "../factories";
import {
  BankStatementListSchema,
  BankTransactionListSchema,
  BankTransactionQuerySchema,
  BankTransactionSchema,
  ImportedBankStatementSchema,
  MatchBankTransactionSchema,
} from "./bank.schemas";

const tags = ["Bank statements"];
const params = IdParam("id", "Bank transaction id");
const file = { schema: { type: "string" as const, format: "binary" } };

/**
 * Documentation of POST /v1/bank-statements: registered by hand (bank.index.ts), since a
 * validated XML or multipart body would be read whole; the handler streams it.
 */
export const importDoc = {
  method: "post" as const,
  path: "/v1/bank-statements",
  operationId: "importBankStatement",
  tags,
  summary:
    "Import a bank statement (CAMT.053/.054 or MT940): entries stored once, credits matched to invoices",
  description:
    "The raw file with `Content-Type: application/xml` (ISO 20022 CAMT.053 or CAMT.054, versions " +
    ".001.02 to .001.08) or `text/plain` (MT940), or a multipart/form-data field `file` (XML is " +
    "recognised by its first character). Read as a stream; at most 64 MiB (413) and 200,000 entries. " +
    "Booked entries become bank transactions; one already imported (same account and bank entry " +
    "reference, else the same content) is counted in `duplicates` and not stored again. Credits " +
    "naming an open invoice's payment reference or number are matched and their payments posted " +
    "(`method: bank_transfer`); the others wait for review (`suggested` / `unmatched`); debits are " +
    "`ignored`. A malformed file answers 422 `validation_error` naming the element (with its line) or " +
    "the MT940 line in `details.location`, and stores nothing. Any member may import.",
  security: bearerSecurity,
  request: {
    body: {
      required: true,
      content: {
        "application/xml": file,
        "text/plain": file,
        "multipart/form-data": {
          schema: {
            type: "object" as const,
            properties: { file: { type: "string" as const, format: "binary" } },
            required: ["file"],
          },
        },
      },
    },
  },
  responses: {
    201: jsonResponse(ImportedBankStatementSchema, "The statement and what became of its entries"),
    ...commonErrors,
    409: errorResponse(
      "`import_in_progress`: another import of the same entries is running; `concurrent_update`",
    ),
    413: errorResponse("The body exceeds 64 MiB"),
    415: errorResponse("Not application/xml, text/xml, text/plain or multipart/form-data"),
    422: errorResponse("The file is malformed: `details.location` names the element or line"),
  },
};

export const listBankStatements = memberRoute({
  method: "get",
  path: "/v1/bank-statements",
  operationId: "listBankStatements",
  tags,
  summary: "Imported bank statements, newest first",
  request: { query: OffsetQuerySchema },
  responses: { 200: jsonResponse(BankStatementListSchema, "A page of statements") },
});

export const listBankTransactions = memberRoute({
  method: "get",
  path: "/v1/bank-transactions",
  operationId: "listBankTransactions",
  tags,
  summary: "Bank transactions: the review queue (`status=suggested|unmatched`), by status or statement",
  request: { query: BankTransactionQuerySchema },
  responses: { 200: jsonResponse(BankTransactionListSchema, "A page of bank transactions") },
});

export const getBankTransaction = memberRoute({
  method: "get",
  path: "/v1/bank-transactions/{id}",
  operationId: "getBankTransaction",
  tags,
  summary: "One bank transaction with its allocations and suggestions",
  request: { params },
  responses: { 200: jsonResponse(BankTransactionSchema, "The transaction"), ...notFoundError },
});

export const matchBankTransaction = memberRoute({
  method: "post",
  path: "/v1/bank-transactions/{id}/match",
  operationId: "matchBankTransaction",
  tags,
  summary:
    "Match a transaction to invoices: one payment per allocation; the rest becomes the customer's credit",
  description:
    "Each allocation pays an open invoice of the transfer's currency at most its amount due (422 " +
    "on `allocations.N.amount`); together at most the transfer (422). What the allocations leave " +
    "of the transfer becomes the credit of the first invoice's customer. The counterparty's IBAN " +
    "is remembered for that customer (later transfers from it are suggested). Matched already: " +
    "409 `transaction_matched`; a debit: 409 `transaction_debit`. Records `matched_by: user:<id>` " +
    "and emits `bank_transaction.matched`.",
  request: { params, body: jsonBody(MatchBankTransactionSchema) },
  responses: {
    200: jsonResponse(BankTransactionSchema, "The matched transaction"),
    ...notFoundError,
    ...conflictError,
    ...validationErrorResponse,
  },
});

export const ignoreBankTransaction = memberRoute({
  method: "post",
  path: "/v1/bank-transactions/{id}/ignore",
  operationId: "ignoreBankTransaction",
  tags,
  summary: "Take a transaction out of the review queue (not an invoice payment)",
  description: "Matched: 409 `transaction_matched` (unmatch it first).",
  responses: {
    200: jsonResponse(BankTransactionSchema, "The ignored transaction"),
    ...notFoundError,
    ...conflictError,
  },
  request: { params },
});

export const unmatchBankTransaction = memberRoute({
  method: "post",
  path: "/v1/bank-transactions/{id}/unmatch",
  operationId: "unmatchBankTransaction",
  tags,
  summary: "Undo a match or an ignore: the payments posted from it are reversed, its credit withdrawn",
  description:
    "Each payment is reversed in the ledger (kept with `reversed_at`; a paid invoice reopens; events " +
    "`invoice.payment_reversed`), the customer credit it left is withdrawn, and the transaction " +
    "waits for review again (`bank_transaction.needs_review`). Neither matched nor ignored: 409 " +
    "`transaction_not_matched`; a payment a credit note already refunded: 409 `payment_refunded`.",
  request: { params },
  responses: {
    200: jsonResponse(BankTransactionSchema, "The transaction, back in the review queue"),
    ...notFoundError,
    ...conflictError,
  },
});
