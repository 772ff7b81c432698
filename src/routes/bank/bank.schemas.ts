// Request and response schemas of bank statements and bank transactions.
import { z } from "@hono/zod-openapi";
import { BANK_STATEMENT_FORMATS, BANK_TRANSACTION_STATUSES } from "../../db/schema/bank";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";

export const BankStatementSchema = z
  .object({
    id: z.string().openapi({ example: "bst_0123456789abcdefghijklmn" }),
    format: z.enum(BANK_STATEMENT_FORMATS),
    account_iban: z
      .string()
      .nullable()
      .openapi({ description: "The statement's account, when it is an IBAN" }),
    bank_statement_id: z
      .string()
      .nullable()
      .openapi({ description: "The bank's id of the statement (CAMT Stmt/Id, MT940 :20:)" }),
    entries: z
      .number()
      .int()
      .openapi({ description: "Booked entries in the file (one per transaction of a batch entry)" }),
    imported: z.number().int().openapi({ description: "New entries stored (entries - duplicates)" }),
    duplicates: z
      .number()
      .int()
      .openapi({ description: "Entries an earlier import already holds: not stored again" }),
    matched: z
      .number()
      .int()
      .openapi({ description: "Imported credits matched by reference: their payments are posted" }),
    suggested: z
      .number()
      .int()
      .openapi({ description: "Imported credits waiting for review with suggestions" }),
    unmatched: z
      .number()
      .int()
      .openapi({ description: "Imported credits waiting for review without a suggestion" }),
    created_at: z.string(),
  })
  .openapi("BankStatement");

export const ImportedBankStatementSchema = BankStatementSchema.extend({
  ignored: z
    .number()
    .int()
    .openapi({ description: "Imported debits (money paid out) and zero amounts: status ignored" }),
}).openapi("ImportedBankStatement");

export const BankStatementListSchema = z
  .object({ data: z.array(BankStatementSchema), meta: OffsetMetaSchema })
  .openapi("BankStatementList");

export const BankTransactionSchema = z
  .object({
    id: z.string().openapi({ example: "btx_0123456789abcdefghijklmn" }),
    statement_id: z.string(),
    booking_date: z.string().nullable(),
    value_date: z.string().nullable(),
    amount: z.number().openapi({ description: "Signed: money received > 0, paid out < 0" }),
    currency: z.string(),
    counterparty_name: z.string().nullable(),
    counterparty_iban: z.string().nullable(),
    remittance_information: z.string().nullable().openapi({ description: "Unstructured remittance text" }),
    structured_reference: z
      .string()
      .nullable()
      .openapi({ description: "Structured creditor reference (RF, ...)" }),
    end_to_end_id: z.string().nullable(),
    bank_reference: z.string().nullable().openapi({ description: "The bank's reference of the entry" }),
    status: z.enum(BANK_TRANSACTION_STATUSES),
    allocations: z
      .array(
        z.object({
          invoice_id: z
            .string()
            .nullable()
            .openapi({ description: "The invoice a credit paid; null: a bill" }),
          bill_id: z.string().nullable().openapi({ description: "The bill a debit paid; null: an invoice" }),
          amount: z.number(),
          payment_id: z.string(),
        }),
      )
      .openapi({
        description: "The payments posted from it (not reversed): of invoices (credits) or of bills (debits)",
      }),
    credit: z
      .object({ customer_id: z.string(), amount: z.number() })
      .nullable()
      .openapi({ description: "What it paid beyond the invoices it was matched to: the customer's credit" }),
    suggestions: z
      .array(
        z.object({
          invoice_id: z.string(),
          amount: z.number(),
          rule: z.enum([
            "amount_and_iban",
            "amount_and_name",
            "amount",
            "customer_iban",
            "customer_name",
            "reference",
          ]),
          score: z.number(),
        }),
      )
      .openapi({ description: "Candidate invoices for review, best first" }),
    matched_by: z.string().nullable().openapi({
      description:
        "`rule:reference`, `rule:invoice_number`, `rule:debit`, `rule:zero_amount` or `user:<id>`; null while waiting",
    }),
    matched_at: z.string().nullable(),
    likely_duplicate_of: z
      .string()
      .nullable()
      .openapi({
        description:
          "An earlier transaction this one likely repeats (same account, booking date, amount, currency and " +
          "references, other free text): it was not posted and waits for review",
      }),
    created_at: z.string(),
  })
  .openapi("BankTransaction");

export const BankTransactionListSchema = z
  .object({ data: z.array(BankTransactionSchema), meta: OffsetMetaSchema })
  .openapi("BankTransactionList");

export const BankTransactionQuerySchema = OffsetQuerySchema.extend({
  status: z
    .enum(BANK_TRANSACTION_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
  statement_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ param: { name: "statement_id", in: "query" } }),
});

export const MatchBankTransactionSchema = z
  .strictObject({
    allocations: z
      .array(
        z.strictObject({
          invoice_id: z.string().min(1).max(64),
          amount: z.number().gt(0, { message: "Must be greater than 0" }),
        }),
      )
      .min(1)
      .max(50),
  })
  .openapi("MatchBankTransaction");
