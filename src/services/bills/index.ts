// Bills: e-invoices received from suppliers, kept as received (docs/bills.md).
export { amountDecimals, amountDueMinor, openBillsWhere, sqlAmountDueMinor } from "./amounts";
export { type BillEnv, type BillServices, type ImportOptions, importBill, invalidEInvoice } from "./import";
export { listBills, originalResponse } from "./read";
export { type BillView, serializeBill, serializeBillPayment, serializeParty } from "./serialize";
export * as suppliers from "./suppliers";
export {
  approveBill,
  billPaymentStatements,
  getBill,
  listBillPayments,
  recordBillPayment,
  rejectBill,
} from "./workflow";
