// Matching bank credits against the organization's open invoices. An exact reference (the
// invoice's payment reference: RF or structured communication, or its number) in the
// remittance information settles: one transfer may name several invoices, pay part of one, or
// more than all (the rest is the customer's credit). Otherwise the amount, a counterparty
// account learned from earlier matches, or the counterparty's name make suggestions for a
// person to review. In memory: the import loads the open invoices once and keeps their amounts
// due current as it allocates, so two entries paying one invoice see each other.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerBankAccounts, type MatchSuggestion } from "../../db/schema/bank";
import { customers } from "../../db/schema/customers";
import type { Invoice } from "../../db/schema/invoices";
import { invoices } from "../../db/schema/invoices";
import type { StatementEntry } from "../../lib/bank-statement/types";
import { referenceKey } from "../../lib/payment-reference";
import { amountDueMinor, customerMayPaySql } from "../invoices/amount-due";
import { numberOf, paymentReferenceOf } from "../invoices/numbering";
import type { BillAllocation, BillMatch } from "./bill-match";
import { entryReferenceKeys, MIN_NUMBER_KEY } from "./references";

const MAX_SUGGESTIONS = 5;
/**
 * Counterparty names whose customers are remembered at once: a statement repeats its payers, but
 * a file of 100,000 different names would otherwise keep them all for the whole import.
 */
const MAX_NAMES_KEPT = 5000;

/** What matching reads of an invoice: not its lines, snapshots or totals detail (3 KB a row). */
const OPEN_INVOICE_COLUMNS = {
  id: invoices.id,
  organizationId: invoices.organizationId,
  customerId: invoices.customerId,
  number: invoices.number,
  status: invoices.status,
  currency: invoices.currency,
  totalMinor: invoices.totalMinor,
  prepaidMinor: invoices.prepaidMinor,
  splitPaymentMinor: invoices.splitPaymentMinor,
  splitPaymentCreditedMinor: invoices.splitPaymentCreditedMinor,
  amountPaidMinor: invoices.amountPaidMinor,
  amountCreditedMinor: invoices.amountCreditedMinor,
  paymentReferenceFormat: invoices.paymentReferenceFormat,
  version: invoices.version,
};
export type OpenInvoiceRow = Pick<Invoice, keyof typeof OPEN_INVOICE_COLUMNS>;

export interface OpenInvoice {
  /** As read when the import began: its `version` guards the payments posted from the match. */
  invoice: OpenInvoiceRow;
  dueMinor: number;
}

export interface Allocation {
  invoice: OpenInvoice;
  amountMinor: number;
}

export type MatchOutcome =
  | {
      status: "matched";
      rule: "reference" | "invoice_number";
      allocations: Allocation[];
      /** Beyond what the invoices were due: the customer's credit. */
      credit: { customerId: string; amountMinor: number } | null;
    }
  | {
      status: "matched";
      /** A debit paying bills (bill-match.ts): no invoice allocations, no credit. */
      rule: BillMatch["rule"];
      allocations: [];
      credit: null;
      bills: BillAllocation[];
    }
  | { status: "suggested"; suggestions: MatchSuggestion[] }
  | { status: "unmatched" }
  | { status: "ignored"; rule: "debit" | "zero_amount" };

/** A name as compared: lower case, without accents, punctuation or legal forms. */
export function normalizedName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\b(gmbh|ag|kg|ug|ltd|llc|inc|bv|nv|sa|sarl|sas|srl|spa|plc|co|corp|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export class Matcher {
  private readonly byKey = new Map<string, OpenInvoice[]>();
  private readonly byCustomer = new Map<string, OpenInvoice[]>();
  private readonly byAmount = new Map<string, OpenInvoice[]>();
  /** The customers a counterparty name matches, per name: a statement repeats its payers. */
  private readonly namedCustomers = new Map<string, string[]>();

  constructor(
    readonly open: OpenInvoice[],
    private readonly customerNames: Map<string, string>,
    private readonly ibanCustomers: Map<string, Set<string>>,
  ) {
    for (const entry of open) {
      const { invoice } = entry;
      const keys = new Set<string>();
      const reference = paymentReferenceOf(invoice);
      if (reference) keys.add(referenceKey(reference));
      const number = numberOf(invoice);
      const numberKey = number ? referenceKey(number) : "";
      if (numberKey.length >= MIN_NUMBER_KEY) keys.add(numberKey);
      for (const key of keys) push(this.byKey, key, entry);
      push(this.byCustomer, invoice.customerId, entry);
      push(this.byAmount, amountKey(invoice.currency, entry.dueMinor), entry);
    }
  }

  /** Loads the organization's open invoices, its customers' names and the accounts learned. */
  static async load(db: Db, organizationId: string): Promise<Matcher> {
    const [rows, names, accounts] = await db.batch([
      db
        .select(OPEN_INVOICE_COLUMNS)
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            // What the customer may pay now: what the organization owes it (381, 389) is paid
            // out, never received, and an invoice with nothing due takes nothing.
            customerMayPaySql(),
          ),
        ),
      db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(eq(customers.organizationId, organizationId)),
      db
        .select({ iban: customerBankAccounts.iban, customerId: customerBankAccounts.customerId })
        .from(customerBankAccounts)
        .where(eq(customerBankAccounts.organizationId, organizationId)),
    ]);
    const ibanCustomers = new Map<string, Set<string>>();
    for (const account of accounts) {
      const set = ibanCustomers.get(account.iban) ?? new Set<string>();
      set.add(account.customerId);
      ibanCustomers.set(account.iban, set);
    }
    return new Matcher(
      rows.map((invoice) => ({ invoice, dueMinor: amountDueMinor(invoice) })),
      new Map(names.map((c) => [c.id, normalizedName(c.name)])),
      ibanCustomers,
    );
  }

  /** The open invoices an entry names by reference, in the order it names them. */
  private referenced(entry: StatementEntry) {
    const keys = entryReferenceKeys(entry);
    const found: OpenInvoice[] = [];
    let byReference = false;
    for (const key of keys) {
      const candidates = (this.byKey.get(key) ?? []).filter(
        (o) => o.invoice.currency === entry.currency && o.dueMinor > 0,
      );
      // A key two open invoices share names neither for sure: a person decides.
      const [only] = candidates;
      if (candidates.length !== 1 || !only || found.includes(only)) continue;
      found.push(only);
      if (key !== referenceKey(numberOf(only.invoice) ?? "")) byReference = true;
    }
    return { found, byReference };
  }

  /**
   * Decides an entry and, for a match, books its allocations against the amounts due. With
   * `review` (a likely duplicate of an earlier entry), nothing is posted: what it names is only
   * suggested, and a person decides.
   */
  match(entry: StatementEntry, options: { review?: boolean } = {}): MatchOutcome {
    if (entry.amountMinor === 0) return { status: "ignored", rule: "zero_amount" };
    if (entry.amountMinor < 0) return { status: "ignored", rule: "debit" };
    const { found, byReference } = this.referenced(entry);
    // A structured reference (RF, OGM) carries check digits: it names its invoice. An invoice
    // number read from free text may be any number that happens to look like one ("10.42"):
    // it pays at once only when the amount or the payer agrees, else a person decides.
    if (!options.review && found.length > 0 && (byReference || this.agrees(entry, found))) {
      let remaining = entry.amountMinor;
      const allocations: Allocation[] = [];
      for (const open of found) {
        const amountMinor = Math.min(remaining, open.dueMinor);
        if (amountMinor <= 0) break;
        allocations.push({ invoice: open, amountMinor });
        remaining -= amountMinor;
      }
      for (const allocation of allocations) this.book(allocation.invoice, allocation.amountMinor);
      const first = found[0]?.invoice;
      return {
        status: "matched",
        rule: byReference ? "reference" : "invoice_number",
        allocations,
        credit: remaining > 0 && first ? { customerId: first.customerId, amountMinor: remaining } : null,
      };
    }
    const named: MatchSuggestion[] = found.map((o) => ({
      invoice_id: o.invoice.id,
      amount_minor: Math.min(o.dueMinor, entry.amountMinor),
      rule: "reference",
      score: 0.7,
    }));
    const others = this.suggest(entry).filter((s) => !named.some((n) => n.invoice_id === s.invoice_id));
    const suggestions = [...named, ...others]
      .sort((a, b) => b.score - a.score || a.invoice_id.localeCompare(b.invoice_id))
      .slice(0, MAX_SUGGESTIONS);
    return suggestions.length > 0 ? { status: "suggested", suggestions } : { status: "unmatched" };
  }

  /**
   * Whether an entry that names invoices by number alone is theirs: it pays exactly what they owe,
   * or it comes from their customer (an account learned from an earlier match, or the name).
   */
  private agrees(entry: StatementEntry, found: readonly OpenInvoice[]): boolean {
    if (found.reduce((sum, o) => sum + o.dueMinor, 0) === entry.amountMinor) return true;
    const byIban =
      (entry.counterpartyIban && this.ibanCustomers.get(entry.counterpartyIban)) || new Set<string>();
    const name = entry.counterpartyName ? normalizedName(entry.counterpartyName) : "";
    return found.every((o) => {
      const customer = this.customerNames.get(o.invoice.customerId) ?? "";
      return (
        byIban.has(o.invoice.customerId) || (name.length >= 3 && customer.length >= 3 && name === customer)
      );
    });
  }

  /** Lowers an invoice's amount due by a payment (and files it under its new amount). */
  book(open: OpenInvoice, amountMinor: number) {
    open.dueMinor -= amountMinor;
    if (open.dueMinor > 0) push(this.byAmount, amountKey(open.invoice.currency, open.dueMinor), open);
  }

  private suggest(entry: StatementEntry): MatchSuggestion[] {
    const byIban =
      (entry.counterpartyIban && this.ibanCustomers.get(entry.counterpartyIban)) || new Set<string>();
    const name = entry.counterpartyName ? normalizedName(entry.counterpartyName) : "";
    const nameMatches = (customerId: string) => {
      const customer = this.customerNames.get(customerId) ?? "";
      if (!name || customer.length < 3) return false;
      return name === customer || name.includes(customer) || (name.length >= 4 && customer.includes(name));
    };
    const candidates = new Set<OpenInvoice>(
      (this.byAmount.get(amountKey(entry.currency, entry.amountMinor)) ?? []).filter(
        (o) => o.dueMinor === entry.amountMinor,
      ),
    );
    for (const customerId of byIban) for (const o of this.byCustomer.get(customerId) ?? []) candidates.add(o);
    if (name) {
      let named = this.namedCustomers.get(name);
      if (!named) {
        named = [...this.customerNames.keys()].filter(nameMatches);
        if (this.namedCustomers.size >= MAX_NAMES_KEPT) this.namedCustomers.clear();
        this.namedCustomers.set(name, named);
      }
      for (const customerId of named)
        for (const o of this.byCustomer.get(customerId) ?? []) candidates.add(o);
    }
    const scored: MatchSuggestion[] = [];
    for (const o of candidates) {
      if (o.invoice.currency !== entry.currency || o.dueMinor <= 0) continue;
      const amount = o.dueMinor === entry.amountMinor;
      const iban = byIban.has(o.invoice.customerId);
      const named = nameMatches(o.invoice.customerId);
      const [rule, score]: [MatchSuggestion["rule"], number] =
        amount && iban
          ? ["amount_and_iban", 0.9]
          : amount && named
            ? ["amount_and_name", 0.8]
            : amount
              ? ["amount", 0.5]
              : iban
                ? ["customer_iban", 0.4]
                : ["customer_name", 0.3];
      scored.push({
        invoice_id: o.invoice.id,
        amount_minor: Math.min(o.dueMinor, entry.amountMinor),
        rule,
        score,
      });
    }
    return scored
      .sort((a, b) => b.score - a.score || a.invoice_id.localeCompare(b.invoice_id))
      .slice(0, MAX_SUGGESTIONS);
  }
}

const amountKey = (currency: string, minor: number) => `${currency}:${minor}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The invoices of these ids (a person's allocations), with their rows. */
export async function invoicesByIds(db: Db, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, [...ids])));
}
