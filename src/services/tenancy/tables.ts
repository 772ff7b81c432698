// Which rows of the schema belong to one organization: the catalogue a move copies, verifies and
// deletes by (docs/scaling.md, "Moving an organization"). Every table of the schema is either a
// tenant table here or named in DIRECTORY_TABLES; test/services/tenancy/tables.test.ts fails on a
// table in neither, so a new table cannot be forgotten by a move.
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { invoiceArchives, issuedDocuments } from "../../db/schema/archives";
import {
  bankStatements,
  bankTransactions,
  customerBankAccounts,
  customerCredits,
} from "../../db/schema/bank";
import { creditNoteItems, creditNotes, paymentProviderAccounts, payments } from "../../db/schema/billing";
import { billPayments, bills, suppliers } from "../../db/schema/bills";
import { customers } from "../../db/schema/customers";
import { documentAuditEntries, documentShares, documents } from "../../db/schema/documents";
import { creditNoteEmails, invoiceEmails } from "../../db/schema/emails";
import { idempotencyKeys } from "../../db/schema/idempotency";
import { apiKeys, organizations, users } from "../../db/schema/identity";
import { invoiceCounts } from "../../db/schema/invoice-counts";
import { invoiceItems, invoices } from "../../db/schema/invoices";
import { metadataEntries } from "../../db/schema/metadata";
import {
  einvoiceDeliveries,
  einvoiceNetworks,
  networkReceipts,
  peppolParticipants,
} from "../../db/schema/networks";
import { products } from "../../db/schema/products";
import { milestones, projects, tasks } from "../../db/schema/projects";
import { quoteEmails, quotes } from "../../db/schema/quotes";
import { recurringInvoices } from "../../db/schema/recurring";
import { documentTaxLines } from "../../db/schema/tax-lines";
import { taxRates } from "../../db/schema/tax-rates";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema/webhooks";

export interface TenantTable {
  /** The SQL name. */
  name: string;
  /** Columns that order the rows and resume a scan: the primary key, else a unique key. */
  key: readonly string[];
  /** SQL condition selecting the organization's rows; its one `?` is the organization id. */
  rows: string;
  /**
   * Kept by triggers on another table (invoice_counts by those on invoices): never copied or
   * compared, since inserting the rows it counts rebuilds it on the target; deleted with the rest.
   */
  derived?: boolean;
}

const ORGANIZATION_ROWS = "organization_id = ?";

function tenantTable(table: SQLiteTable, rows = ORGANIZATION_ROWS, derived = false): TenantTable {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns.map((column) => column.name);
  const single = config.columns.filter((column) => column.primary).map((column) => column.name);
  const unique = config.indexes.find((index) => index.config.unique)?.config.columns;
  const key =
    composite ??
    (single.length > 0 ? single : unique?.map((column) => ("name" in column ? String(column.name) : "")));
  if (!key || key.length === 0 || key.includes("")) throw new Error(`${config.name} has no key to scan by`);
  return derived ? { name: config.name, key, rows, derived } : { name: config.name, key, rows };
}

/**
 * The organization's tables, parents before children: inserts go in this order and deletes in
 * the reverse one, so every foreign key holds at every step.
 */
export const TENANT_TABLES: readonly TenantTable[] = [
  tenantTable(organizations, "id = ?"),
  tenantTable(users),
  tenantTable(apiKeys),
  // A member's replayable answers; the operator's (`admin`) stay with the directory.
  tenantTable(idempotencyKeys, "scope IN (SELECT 'user:' || id FROM users WHERE organization_id = ?)"),
  tenantTable(taxRates),
  tenantTable(products),
  tenantTable(customers),
  tenantTable(suppliers),
  tenantTable(projects),
  tenantTable(milestones),
  tenantTable(tasks),
  tenantTable(recurringInvoices),
  tenantTable(invoices),
  tenantTable(invoiceItems),
  tenantTable(invoiceCounts, ORGANIZATION_ROWS, true),
  tenantTable(documentTaxLines),
  tenantTable(invoiceEmails),
  tenantTable(invoiceArchives),
  tenantTable(issuedDocuments),
  tenantTable(quotes),
  tenantTable(quoteEmails),
  tenantTable(creditNotes),
  tenantTable(creditNoteItems),
  tenantTable(creditNoteEmails),
  tenantTable(payments),
  tenantTable(paymentProviderAccounts),
  tenantTable(bankStatements),
  tenantTable(bankTransactions),
  tenantTable(customerBankAccounts),
  tenantTable(customerCredits),
  tenantTable(bills),
  tenantTable(billPayments),
  tenantTable(documents),
  tenantTable(documentShares),
  tenantTable(documentAuditEntries),
  tenantTable(metadataEntries),
  tenantTable(einvoiceNetworks),
  tenantTable(einvoiceDeliveries),
  tenantTable(networkReceipts),
  tenantTable(peppolParticipants),
  tenantTable(webhookEndpoints),
  tenantTable(webhookEvents),
  tenantTable(webhookDeliveries),
  tenantTable(
    webhookAttempts,
    "delivery_id IN (SELECT id FROM webhook_deliveries WHERE organization_id = ?)",
  ),
];

/**
 * Tables that are not one organization's: the directory (read on the primary database only)
 * and the moves themselves. A move leaves them where they are.
 */
export const DIRECTORY_TABLES: readonly string[] = [
  "organization_databases",
  "directory_entries",
  "organization_moves",
];
