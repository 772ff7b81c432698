// Invoices: reading, pricing and tax, writing, sending, payments, credit notes and void,
// reports, and the overdue sweep. Routes and cron import from here.
export * from "./credit-note-emails";
export * from "./credit-notes";
export * from "./email-preview";
export * from "./issue";
export * from "./overdue";
export * from "./payment-refunds";
export * from "./payments";
export * from "./read";
export * from "./receipts";
export * from "./reports";
export * from "./send";
export * from "./snapshots";
export * from "./write";
