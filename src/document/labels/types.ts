// The words a document prints, by name: each locale's table (./en.ts, ./de.ts, ...) has every one
// but the tax words, which come by seller country (src/lib/vat-statements.ts).
import type { PaymentMethod, ReminderTone } from "../types";

export interface Labels {
  invoice: string;
  creditNote: string;
  quote: string;
  draft: string;
  number: string;
  issueDate: string;
  dueDate: string;
  validUntil: string;
  seller: string;
  buyer: string;
  vatId: string;
  taxRegistrationId: string;
  companyId: string;
  /** A party identifier (BT-29, BT-46, BT-60). */
  partyIdentifier: string;
  /** The seller's tax representative (BG-11). */
  taxRepresentative: string;
  /** Who receives the payment when it is not the seller (BG-10). */
  payee: string;
  buyerReference: string;
  purchaseOrder: string;
  servicePeriod: string;
  /** A line charge without a reason of its own (BG-28). */
  lineCharge: string;
  /** Before a price's base quantity: "Price per 100 pcs". */
  pricePer: string;
  deliveryDate: string;
  correctedInvoice: string;
  reason: string;
  /** Titles of the other document types (BT-3), named by their rows in src/lib/type-codes.ts: 384, 326, 389. */
  correctionInvoice: string;
  partialInvoice: string;
  selfBilledInvoice: string;
  /** The construction invoices (BT-3, UNCL 1001): 875 partial, 876 partial final, 877 final. */
  partialConstructionInvoice: string;
  partialFinalConstructionInvoice: string;
  finalConstructionInvoice: string;
  /** Other invoice types EN 16931 takes (UNCL 1001): 387 hire, 575 insurer's, 204 payment valuation. */
  hireInvoice: string;
  insurersInvoice: string;
  paymentValuation: string;
  /** The invoice an invoice cites (BT-25) when it does not correct it. */
  precedingInvoice: string;
  /** A self-billed invoice (389): the mention the VAT Directive asks for (Art. 226(10a)) and who issued it. */
  selfBilling: string;
  selfBillingNote: string;
  /** The VAT total in the VAT accounting currency (BT-111): "VAT in SEK". */
  taxInCurrency: (taxWord: string, currency: string) => string;
  exchangeRate: string;
  lines: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vat: string;
  amount: string;
  netAmount: string;
  grossAmount: string;
  subtotal: string;
  discounts: string;
  /** Document-level charges (BT-108). */
  charges: string;
  /** A document-level charge without a reason of its own (BG-21: the e-invoice's BT-104). */
  charge: string;
  /** A credit's payment terms (BT-20) in its e-invoice, naming the invoice it credits. */
  creditOfInvoice: (number: string) => string;
  /** Paid before issue (BT-113). */
  prepaid: string;
  /** The VAT the buyer pays to the state itself (split payment, category B). */
  splitPayment: string;
  taxExclusiveTotal: string;
  vatBreakdown: string;
  category: string;
  rate: string;
  taxable: string;
  taxAmount: string;
  taxTotal: string;
  rounding: string;
  total: string;
  paid: string;
  credited: string;
  /** What the document asks to be paid, as issued. */
  amountDue: string;
  /** What an invoice that owes back owes its buyer (an amount due below 0), shown without its minus. */
  toBeRefunded: string;
  refunded: string;
  payment: string;
  iban: string;
  bic: string;
  accountHolder: string;
  paymentReference: string;
  paymentTerms: string;
  notes: string;
  scanToPay: string;
  /** The hosted page's button to the payment provider's checkout. */
  payNow: string;
  /** Beside the button: where it leads. */
  payOnlineNote: string;
  continued: string;
  page: (n: number, of: number) => string;
  /** The hosted page: live status beside the document. */
  status: string;
  /** `settled`: an invoice that owes back, settled at send with nothing paid into it. */
  statusWords: { sent: string; overdue: string; paid: string; void: string; settled: string };
  /** What is left to pay now, after payments and credit notes. */
  balanceDue: string;
  balance: string;
  payments: string;
  creditNotes: string;
  date: string;
  method: string;
  methods: Record<PaymentMethod, string>;
  nothingDue: string;
  /** The header of a paid invoice: the day the last payment settled it. */
  paidOn: (date: string) => string;
  qrLabel: string;
  downloads: string;
  downloadPdf: string;
  downloadXml: string;
  /** A bill's readable copy: "Received as XRechnung (UBL) on" (the day follows). */
  receivedAs: (format: string) => string;
  /** Before the verdict of the rules on a received document. */
  validation: string;
  validationPassed: (profile: string) => string;
  validationFailed: (profile: string, count: number) => string;
  validationWarnings: string;
  /** More broken rules than the copy lists: "and 12 more". */
  andMore: (count: number) => string;
  /** The hosted page's fold over an invoice's lines past the first ones: "Show all 1,000 lines". */
  showAllLines: (count: string) => string;
  /** The e-mails' own words (src/render/email/). */
  email: EmailWords;
}

/** What the e-mails say besides the document's words: one block per locale, below. */
export interface EmailWords {
  greeting: (name: string) => string;
  signOff: string;
  invoiceSubject: (number: string, seller: string) => string;
  invoicePreheader: (total: string, due: string) => string;
  invoiceIntro: (number: string, due: string) => string;
  /** An invoice of a recurring template: the period it bills. */
  recurringIntro: (number: string, period: string, due: string) => string;
  /** An invoice that owes back: what is refunded to the customer, instead of a due date. */
  refundPreheader: (amount: string) => string;
  refundIntro: (number: string, amount: string) => string;
  /** An invoice whose total is below zero (correction lines): what is refunded. */
  belowZeroIntro: (number: string, amount: string) => string;
  reminderSubject: Record<ReminderTone, (number: string, seller: string, due: string) => string>;
  reminderPreheader: (balance: string, due: string) => string;
  reminderIntro: Record<ReminderTone, (number: string, due: string) => string>;
  creditNoteSubject: (number: string, seller: string) => string;
  creditNotePreheader: (total: string, invoice: string) => string;
  creditNoteIntro: (number: string, invoice: string) => string;
  quoteSubject: (number: string, seller: string) => string;
  quotePreheader: (total: string, until: string) => string;
  quoteIntro: (number: string, until: string) => string;
  receiptSubject: (number: string, seller: string) => string;
  receiptPreheader: (amount: string, number: string) => string;
  receiptIntro: (amount: string, date: string, number: string) => string;
  amountReceived: string;
  viewOnline: string;
  payNow: string;
  payByTransfer: string;
  transferIntro: (amount: string) => string;
  /** After the lines an e-mail lists, how many it leaves out: "and 980 more lines". */
  moreLines: (count: number) => string;
}

/** The labels naming the tax: by seller country and language, from src/lib/vat-statements.ts. */
export type TaxLabel = "vat" | "taxExclusiveTotal" | "vatBreakdown" | "taxAmount" | "taxTotal";
export type LocaleLabels = Omit<Labels, TaxLabel>;
