// The document type codes an invoice may state (UNCL 1001, EN 16931 BT-3), one row each with what
// the code means here: every rule that asks what kind of document an invoice is reads these flags,
// never a code. Services, the document model and the renderers all read it; docs/invoices.md,
// "Document kind".

/** A key of the labels (src/document/labels/) that hold a type's title in each locale's words. */
export type TypeCodeTitle =
  | "invoice"
  | "creditNote"
  | "correctionInvoice"
  | "partialInvoice"
  | "selfBilledInvoice"
  | "partialConstructionInvoice"
  | "partialFinalConstructionInvoice"
  | "finalConstructionInvoice"
  | "hireInvoice"
  | "insurersInvoice"
  | "paymentValuation";

export interface TypeCodeRow {
  code: string;
  /** The document's title (PDF, hosted page, e-mails): the label that words it per locale. */
  title: TypeCodeTitle;
  /**
   * It credits the customer (a credit note of an invoice issued elsewhere): it asks no payment,
   * states payment means "not defined" (1), counts as a credit in the tax report, and its
   * e-invoice is a UBL CreditNote.
   */
  credits: boolean;
  /**
   * Issued by the buyer on the seller's behalf: the organization is the buyer and its customer the
   * seller, so the documents swap the parties, name the organization as their issuer and state
   * the self-billing mention; it is the organization's purchase, left out of its output tax.
   */
  selfBilled: boolean;
  /**
   * The organization owes its customer the amount: it never falls due, is never reminded, takes
   * no payment, offers no pay link, and is neither credited nor voided.
   */
  owedToCustomer: boolean;
  /** Its total may be below zero (BT-112 < 0): correction lines that take back more than it bills. */
  mayTotalBelowZero: boolean;
  /** It corrects or credits the invoice it cites (labelled "Corrects invoice", else "Preceding invoice"). */
  correctsCited: boolean;
  /** It must cite an invoice (BT-25): the one it corrects. */
  citesRequired: boolean;
  /**
   * Peppol BIS Billing 3.0: takes it, refuses it (PEPPOL-EN16931-P0100), or takes it between two
   * German parties only (P0112).
   */
  peppol: "taken" | "refused" | "between_german_parties";
  /** XRechnung takes it (BR-DE-17 lists it). */
  xrechnung: boolean;
}

const PLAIN = {
  credits: false,
  selfBilled: false,
  owedToCustomer: false,
  mayTotalBelowZero: false,
  correctsCited: false,
  citesRequired: false,
  peppol: "taken",
  xrechnung: true,
} as const;

/** In the order the API lists them (the enum of `type_code`). */
export const TYPE_CODES = [
  { ...PLAIN, code: "380", title: "invoice" },
  { ...PLAIN, code: "381", title: "creditNote", credits: true, owedToCustomer: true, correctsCited: true },
  {
    ...PLAIN,
    code: "384",
    title: "correctionInvoice",
    mayTotalBelowZero: true,
    correctsCited: true,
    citesRequired: true,
    peppol: "between_german_parties",
  },
  { ...PLAIN, code: "326", title: "partialInvoice", peppol: "between_german_parties" },
  {
    ...PLAIN,
    code: "389",
    title: "selfBilledInvoice",
    selfBilled: true,
    owedToCustomer: true,
    peppol: "refused",
  },
  { ...PLAIN, code: "875", title: "partialConstructionInvoice" },
  { ...PLAIN, code: "876", title: "partialFinalConstructionInvoice" },
  { ...PLAIN, code: "877", title: "finalConstructionInvoice" },
  { ...PLAIN, code: "387", title: "hireInvoice", peppol: "refused", xrechnung: false },
  { ...PLAIN, code: "575", title: "insurersInvoice", xrechnung: false },
  { ...PLAIN, code: "204", title: "paymentValuation", peppol: "refused", xrechnung: false },
] as const satisfies readonly TypeCodeRow[];

export type InvoiceTypeCode = (typeof TYPE_CODES)[number]["code"];

type CodesOf<Rows extends readonly { code: string }[]> = { [K in keyof Rows]: Rows[K]["code"] };
const codes: readonly InvoiceTypeCode[] = TYPE_CODES.map((row) => row.code);

/** The codes, in the table's order: the `type_code` enum of the API and the column. */
export const INVOICE_TYPE_CODES = codes as CodesOf<typeof TYPE_CODES>;

const ROW_OF = Object.fromEntries(TYPE_CODES.map((row) => [row.code, row])) as Readonly<
  Record<InvoiceTypeCode, TypeCodeRow>
>;

/** What the type code means. */
export const typeCodeRow = (code: InvoiceTypeCode): TypeCodeRow => ROW_OF[code];

/**
 * What a type code a received document states means, when it is one this table has; any other
 * UNCL 1001 code (EN 16931 takes some fifty): undefined.
 */
export const statedTypeCodeRow = (code: string): TypeCodeRow | undefined =>
  Object.hasOwn(ROW_OF, code.trim()) ? ROW_OF[code.trim() as InvoiceTypeCode] : undefined;

type TypeCodeFlag = {
  [K in keyof TypeCodeRow]: TypeCodeRow[K] extends boolean ? K : never;
}[keyof TypeCodeRow];

/** Whether a document of this type has the flag; a document without one (a quote) has none. */
export const typeCodeHas = (code: InvoiceTypeCode | null | undefined, flag: TypeCodeFlag): boolean =>
  code != null && typeCodeRow(code)[flag];

/** The codes that have the flag, in the table's order (for SQL). */
export const typeCodesWith = (flag: TypeCodeFlag): readonly InvoiceTypeCode[] =>
  INVOICE_TYPE_CODES.filter((code) => typeCodeRow(code)[flag]);

/** What a new invoice states until it is given another type: a commercial invoice. */
export const DEFAULT_TYPE_CODE: InvoiceTypeCode = "380";

/** What a credit note (POST /v1/credit-notes) states: its e-invoice is a CreditNote. */
export const CREDIT_NOTE_TYPE_CODE: InvoiceTypeCode = "381";

/**
 * Owed to the customer (381, 389): neither a receivable, reminded nor overdue; the lifecycle's
 * overdue rule and the sweeps' SQL read this list.
 */
export const OWED_TO_CUSTOMER = typeCodesWith("owedToCustomer");
