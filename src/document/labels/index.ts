// Every word an output of a document prints (the PDF, the hosted page, the e-mails), one table per
// locale, so a document says the same thing in the same words wherever it is read. The legal
// statements and the words for the tax ("VAT", "USt.", "Sales tax", by seller country and language)
// live in src/lib/vat-statements.ts.

import { taxWords } from "../../lib/vat-statements";
import type { Locale, PaymentMethod, ReminderTone } from "../types";

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
}

/** The labels naming the tax: by seller country and language, from src/lib/vat-statements.ts. */
type TaxLabel = "vat" | "taxExclusiveTotal" | "vatBreakdown" | "taxAmount" | "taxTotal";
type LocaleLabels = Omit<Labels, TaxLabel>;

const en: LocaleLabels = {
  invoice: "Invoice",
  creditNote: "Credit note",
  quote: "Quote",
  draft: "Draft",
  number: "Number",
  issueDate: "Issue date",
  dueDate: "Due date",
  validUntil: "Valid until",
  seller: "From",
  buyer: "Bill to",
  vatId: "VAT ID",
  taxRegistrationId: "Tax no.",
  companyId: "Company ID",
  partyIdentifier: "ID",
  taxRepresentative: "Tax representative",
  payee: "Payee",
  buyerReference: "Your reference",
  purchaseOrder: "Purchase order",
  servicePeriod: "Service period",
  lineCharge: "Surcharge",
  pricePer: "Price per",
  deliveryDate: "Delivery date",
  correctedInvoice: "Corrects invoice",
  reason: "Reason",
  correctionInvoice: "Corrected invoice",
  partialInvoice: "Partial invoice",
  partialConstructionInvoice: "Partial construction invoice",
  partialFinalConstructionInvoice: "Partial final construction invoice",
  finalConstructionInvoice: "Final construction invoice",
  hireInvoice: "Hire invoice",
  insurersInvoice: "Insurer's invoice",
  paymentValuation: "Payment valuation",
  selfBilledInvoice: "Self-billed invoice",
  precedingInvoice: "Preceding invoice",
  selfBilling: "Self-billing",
  selfBillingNote: "Issued by the buyer in the name and on behalf of the seller",
  taxInCurrency: (taxWord, currency) => `${taxWord} in ${currency}`,
  exchangeRate: "rate",
  lines: "Invoice lines",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price",
  discount: "Discount",
  amount: "Amount",
  netAmount: "Net amount",
  grossAmount: "Gross amount",
  subtotal: "Subtotal",
  discounts: "Discounts",
  charges: "Charges",
  prepaid: "Prepaid",
  splitPayment: "VAT paid by the buyer (split payment)",
  category: "Category",
  rate: "Rate",
  taxable: "Taxable amount",
  rounding: "Rounding",
  total: "Total",
  paid: "Paid",
  credited: "Credited",
  amountDue: "Amount due",
  toBeRefunded: "To be refunded",
  refunded: "Refunded",
  payment: "Payment",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Account holder",
  paymentReference: "Reference",
  paymentTerms: "Payment terms",
  notes: "Notes",
  scanToPay: "Scan to pay",
  payNow: "Pay now",
  payOnlineNote: "Pay by card on our payment provider\u2019s secure page.",
  continued: "continued",
  page: (n, of) => `Page ${n} of ${of}`,
  status: "Status",
  statusWords: {
    sent: "Due",
    overdue: "Overdue",
    paid: "Paid",
    void: "Void (cancelled)",
    settled: "Settled",
  },
  balanceDue: "Amount due",
  balance: "Payments and credits",
  payments: "Payments",
  creditNotes: "Credit notes",
  date: "Date",
  method: "Method",
  methods: {
    bank_transfer: "Bank transfer",
    card: "Card",
    cash: "Cash",
    check: "Cheque",
    direct_debit: "Direct debit",
    other: "Other",
  },
  nothingDue: "Nothing is due on this invoice.",
  paidOn: (date) => `Paid on ${date}`,
  qrLabel: "EPC QR code for a SEPA credit transfer of the amount due",
  downloads: "Download",
  downloadPdf: "Invoice (PDF)",
  downloadXml: "E-invoice (XML, EN 16931)",
  // The e-mails (issue 25).
  email: {
    greeting: (name) => `Hello ${name},`,
    signOff: "Kind regards,",
    invoiceSubject: (number, seller) => `Invoice ${number} from ${seller}`,
    invoicePreheader: (total, due) => `${total}, due on ${due}`,
    invoiceIntro: (number, due) => `Please find invoice ${number} below, due on ${due}.`,
    recurringIntro: (number, period, due) =>
      `Here is your invoice ${number} for the period ${period}, due on ${due}.`,
    refundPreheader: (amount) => `${amount} to be refunded to you`,
    refundIntro: (number, amount) =>
      `Please find invoice ${number} below. Your prepayments exceed its total: we will refund you ${amount}.`,
    belowZeroIntro: (number, amount) =>
      `Please find invoice ${number} below. Its total is below zero: we will refund you ${amount}.`,
    reminderSubject: {
      friendly: (number, seller, due) =>
        `Friendly reminder: invoice ${number} from ${seller} is due on ${due}`,
      firm: (number, seller) => `Reminder: invoice ${number} from ${seller} is overdue`,
      final: (number, seller) => `Final notice: invoice ${number} from ${seller}`,
    },
    reminderPreheader: (balance, due) => `${balance} due on ${due}`,
    reminderIntro: {
      friendly: (number, due) =>
        `Just a friendly note that invoice ${number} is due on ${due}. If you have already paid it, thank you, and please disregard this message.`,
      firm: (number, due) =>
        `Invoice ${number} was due on ${due} and has not been paid in full yet. Please pay the balance below as soon as possible.`,
      final: (number, due) =>
        `This is our final notice: invoice ${number} was due on ${due} and is still unpaid. Please pay the balance below now.`,
    },
    creditNoteSubject: (number, seller) => `Credit note ${number} from ${seller}`,
    creditNotePreheader: (total, invoice) => `${total} credited on invoice ${invoice}`,
    creditNoteIntro: (number, invoice) =>
      `Please find credit note ${number} below, which corrects invoice ${invoice}.`,
    quoteSubject: (number, seller) => `Quote ${number} from ${seller}`,
    quotePreheader: (total, until) => `${total}, valid until ${until}`,
    quoteIntro: (number, until) => `Please find quote ${number} below, valid until ${until}.`,
    receiptSubject: (number, seller) => `Payment received for invoice ${number} from ${seller}`,
    receiptPreheader: (amount, number) => `${amount} received for invoice ${number}, thank you`,
    receiptIntro: (amount, date, number) =>
      `Thank you: we received your payment of ${amount} on ${date} for invoice ${number}.`,
    amountReceived: "Payment received",
    viewOnline: "View the invoice online",
    payNow: "Pay now",
    payByTransfer: "Pay by bank transfer",
    transferIntro: (amount) => `Please transfer ${amount} to:`,
  },
};

const de: LocaleLabels = {
  invoice: "Rechnung",
  creditNote: "Rechnungskorrektur",
  quote: "Angebot",
  draft: "Entwurf",
  number: "Nummer",
  issueDate: "Rechnungsdatum",
  dueDate: "Fällig am",
  validUntil: "Gültig bis",
  seller: "Von",
  buyer: "Rechnung an",
  vatId: "USt-IdNr.",
  taxRegistrationId: "Steuernr.",
  companyId: "Handelsregister",
  partyIdentifier: "Kennung",
  taxRepresentative: "Steuerlicher Vertreter",
  payee: "Zahlungsempfänger",
  buyerReference: "Ihre Referenz",
  purchaseOrder: "Bestellnummer",
  servicePeriod: "Leistungszeitraum",
  lineCharge: "Zuschlag",
  pricePer: "Preis je",
  deliveryDate: "Lieferdatum",
  correctedInvoice: "Korrektur zu Rechnung",
  reason: "Grund",
  correctionInvoice: "Rechnungsberichtigung",
  partialInvoice: "Teilrechnung",
  partialConstructionInvoice: "Abschlagsrechnung (Bauleistung)",
  partialFinalConstructionInvoice: "Teilschlussrechnung (Bauleistung)",
  finalConstructionInvoice: "Schlussrechnung (Bauleistung)",
  hireInvoice: "Mietrechnung",
  insurersInvoice: "Versicherungsrechnung",
  paymentValuation: "Leistungsbewertung",
  selfBilledInvoice: "Gutschrift",
  precedingInvoice: "Bezug auf Rechnung",
  selfBilling: "Gutschrift",
  selfBillingNote: "Vom Leistungsempfänger im Namen und für Rechnung des Leistenden ausgestellt",
  taxInCurrency: (taxWord, currency) => `${taxWord} in ${currency}`,
  exchangeRate: "Kurs",
  lines: "Rechnungspositionen",
  description: "Beschreibung",
  quantity: "Menge",
  unitPrice: "Einzelpreis",
  discount: "Rabatt",
  amount: "Betrag",
  netAmount: "Nettobetrag",
  grossAmount: "Bruttobetrag",
  subtotal: "Zwischensumme",
  discounts: "Nachlässe",
  charges: "Zuschläge",
  prepaid: "Vorausbezahlt",
  splitPayment: "USt. zahlt der Käufer (Split Payment)",
  category: "Kategorie",
  rate: "Satz",
  taxable: "Bemessungsgrundlage",
  rounding: "Rundung",
  total: "Gesamtbetrag",
  paid: "Bezahlt",
  credited: "Gutgeschrieben",
  amountDue: "Zahlbetrag",
  toBeRefunded: "Zu erstatten",
  refunded: "Erstattet",
  payment: "Zahlung",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Kontoinhaber",
  paymentReference: "Verwendungszweck",
  paymentTerms: "Zahlungsbedingungen",
  notes: "Hinweise",
  scanToPay: "Zum Bezahlen scannen",
  payNow: "Jetzt bezahlen",
  payOnlineNote: "Mit Karte auf der sicheren Seite unseres Zahlungsdienstleisters bezahlen.",
  continued: "Fortsetzung",
  page: (n, of) => `Seite ${n} von ${of}`,
  status: "Status",
  statusWords: {
    sent: "Offen",
    overdue: "Überfällig",
    paid: "Bezahlt",
    void: "Storniert",
    settled: "Ausgeglichen",
  },
  balanceDue: "Offener Betrag",
  balance: "Zahlungen und Korrekturen",
  payments: "Zahlungen",
  creditNotes: "Rechnungskorrekturen",
  date: "Datum",
  method: "Zahlungsart",
  methods: {
    bank_transfer: "Überweisung",
    card: "Karte",
    cash: "Bar",
    check: "Scheck",
    direct_debit: "Lastschrift",
    other: "Sonstige",
  },
  nothingDue: "Auf diese Rechnung ist nichts mehr zu zahlen.",
  paidOn: (date) => `Bezahlt am ${date}`,
  qrLabel: "EPC-QR-Code für eine SEPA-Überweisung des offenen Betrags",
  downloads: "Herunterladen",
  downloadPdf: "Rechnung (PDF)",
  downloadXml: "E-Rechnung (XML, EN 16931)",
  // The e-mails (issue 25).
  email: {
    greeting: (name) => `Guten Tag ${name},`,
    signOff: "Mit freundlichen Grüßen",
    invoiceSubject: (number, seller) => `Rechnung ${number} von ${seller}`,
    invoicePreheader: (total, due) => `${total}, fällig am ${due}`,
    invoiceIntro: (number, due) => `anbei erhalten Sie die Rechnung ${number}, fällig am ${due}.`,
    recurringIntro: (number, period, due) =>
      `anbei erhalten Sie Ihre Rechnung ${number} für den Zeitraum ${period}, fällig am ${due}.`,
    refundPreheader: (amount) => `${amount} werden Ihnen erstattet`,
    refundIntro: (number, amount) =>
      `anbei erhalten Sie die Rechnung ${number}. Ihre Vorauszahlungen übersteigen den Rechnungsbetrag: Wir erstatten Ihnen ${amount}.`,
    belowZeroIntro: (number, amount) =>
      `anbei erhalten Sie die Rechnung ${number}. Der Rechnungsbetrag ist negativ: Wir erstatten Ihnen ${amount}.`,
    reminderSubject: {
      friendly: (number, seller, due) =>
        `Zahlungserinnerung: Rechnung ${number} von ${seller}, fällig am ${due}`,
      firm: (number, seller) => `Mahnung: Rechnung ${number} von ${seller} ist überfällig`,
      final: (number, seller) => `Letzte Mahnung: Rechnung ${number} von ${seller}`,
    },
    reminderPreheader: (balance, due) => `${balance} fällig am ${due}`,
    reminderIntro: {
      friendly: (number, due) =>
        `wir möchten Sie freundlich daran erinnern, dass die Rechnung ${number} am ${due} fällig ist. Falls Sie bereits bezahlt haben, danken wir Ihnen und bitten Sie, diese Nachricht zu ignorieren.`,
      firm: (number, due) =>
        `die Rechnung ${number} war am ${due} fällig und ist noch nicht vollständig bezahlt. Bitte überweisen Sie den offenen Betrag umgehend.`,
      final: (number, due) =>
        `dies ist unsere letzte Mahnung: Die Rechnung ${number} war am ${due} fällig und ist weiterhin offen. Bitte begleichen Sie den offenen Betrag jetzt.`,
    },
    creditNotePreheader: (total, invoice) => `${total} gutgeschrieben auf Rechnung ${invoice}`,
    creditNoteSubject: (number, seller) => `Rechnungskorrektur ${number} von ${seller}`,
    creditNoteIntro: (number, invoice) =>
      `anbei erhalten Sie die Rechnungskorrektur ${number} zu Rechnung ${invoice}.`,
    quoteSubject: (number, seller) => `Angebot ${number} von ${seller}`,
    quotePreheader: (total, until) => `${total}, gültig bis ${until}`,
    quoteIntro: (number, until) => `anbei erhalten Sie das Angebot ${number}, gültig bis ${until}.`,
    receiptSubject: (number, seller) => `Zahlungseingang zu Rechnung ${number} von ${seller}`,
    receiptPreheader: (amount, number) => `${amount} für Rechnung ${number} erhalten, vielen Dank`,
    receiptIntro: (amount, date, number) =>
      `vielen Dank: Ihre Zahlung von ${amount} zu Rechnung ${number} ist am ${date} bei uns eingegangen.`,
    amountReceived: "Zahlungseingang",
    viewOnline: "Rechnung online ansehen",
    payNow: "Jetzt bezahlen",
    payByTransfer: "Zahlung per Überweisung",
    transferIntro: (amount) => `Bitte überweisen Sie ${amount} auf folgendes Konto:`,
  },
};

const fr: LocaleLabels = {
  invoice: "Facture",
  creditNote: "Avoir",
  quote: "Devis",
  draft: "Brouillon",
  number: "Numéro",
  issueDate: "Date d'émission",
  dueDate: "Date d'échéance",
  validUntil: "Valable jusqu'au",
  seller: "De",
  buyer: "Facturé à",
  vatId: "N° TVA",
  taxRegistrationId: "N° fiscal",
  companyId: "SIREN",
  partyIdentifier: "Identifiant",
  taxRepresentative: "Représentant fiscal",
  payee: "Bénéficiaire",
  buyerReference: "Votre référence",
  purchaseOrder: "Bon de commande",
  servicePeriod: "Période de service",
  lineCharge: "Supplément",
  pricePer: "Prix pour",
  deliveryDate: "Date de livraison",
  correctedInvoice: "Rectifie la facture",
  reason: "Motif",
  correctionInvoice: "Facture rectificative",
  partialInvoice: "Facture partielle",
  partialConstructionInvoice: "Facture de situation de travaux",
  partialFinalConstructionInvoice: "Facture finale partielle de travaux",
  finalConstructionInvoice: "Facture finale de travaux",
  hireInvoice: "Facture de location",
  insurersInvoice: "Facture d'assureur",
  paymentValuation: "Évaluation des travaux",
  selfBilledInvoice: "Facture (autofacturation)",
  precedingInvoice: "Facture précédente",
  selfBilling: "Autofacturation",
  selfBillingNote: "Émise par l'acheteur au nom et pour le compte du vendeur",
  taxInCurrency: (taxWord, currency) => `${taxWord} en ${currency}`,
  exchangeRate: "taux",
  lines: "Lignes de la facture",
  description: "Description",
  quantity: "Qté",
  unitPrice: "Prix unitaire",
  discount: "Remise",
  amount: "Montant",
  netAmount: "Montant HT",
  grossAmount: "Montant TTC",
  subtotal: "Sous-total",
  discounts: "Remises",
  charges: "Frais",
  prepaid: "Payé d’avance",
  splitPayment: "TVA versée par l’acheteur (paiement scindé)",
  category: "Catégorie",
  rate: "Taux",
  taxable: "Base HT",
  rounding: "Arrondi",
  total: "Total TTC",
  paid: "Payé",
  credited: "Crédité",
  amountDue: "Montant dû",
  toBeRefunded: "À rembourser",
  refunded: "Remboursé",
  payment: "Paiement",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Titulaire du compte",
  paymentReference: "Référence",
  paymentTerms: "Conditions de paiement",
  notes: "Notes",
  scanToPay: "Scanner pour payer",
  payNow: "Payer maintenant",
  payOnlineNote: "Payer par carte sur la page sécurisée de notre prestataire de paiement.",
  continued: "suite",
  page: (n, of) => `Page ${n} sur ${of}`,
  status: "Statut",
  statusWords: { sent: "À payer", overdue: "En retard", paid: "Payée", void: "Annulée", settled: "Soldée" },
  balanceDue: "Montant dû",
  balance: "Paiements et avoirs",
  payments: "Paiements",
  creditNotes: "Avoirs",
  date: "Date",
  method: "Mode",
  methods: {
    bank_transfer: "Virement",
    card: "Carte",
    cash: "Espèces",
    check: "Chèque",
    direct_debit: "Prélèvement",
    other: "Autre",
  },
  nothingDue: "Rien n’est dû sur cette facture.",
  paidOn: (date) => `Payée le ${date}`,
  qrLabel: "Code QR EPC pour un virement SEPA du montant dû",
  downloads: "Télécharger",
  downloadPdf: "Facture (PDF)",
  downloadXml: "Facture électronique (XML, EN 16931)",
  // The e-mails (issue 25).
  email: {
    greeting: (name) => `Bonjour ${name},`,
    signOff: "Cordialement,",
    invoiceSubject: (number, seller) => `Facture ${number} de ${seller}`,
    invoicePreheader: (total, due) => `${total}, à régler au plus tard le ${due}`,
    invoiceIntro: (number, due) =>
      `Veuillez trouver ci-dessous la facture ${number}, à régler au plus tard le ${due}.`,
    recurringIntro: (number, period, due) =>
      `Veuillez trouver ci-dessous votre facture ${number} pour la période ${period}, à régler au plus tard le ${due}.`,
    refundPreheader: (amount) => `${amount} vous seront remboursés`,
    refundIntro: (number, amount) =>
      `Veuillez trouver ci-dessous la facture ${number}. Vos acomptes dépassent son montant total : nous vous remboursons ${amount}.`,
    belowZeroIntro: (number, amount) =>
      `Veuillez trouver ci-dessous la facture ${number}. Son montant total est négatif : nous vous remboursons ${amount}.`,
    reminderSubject: {
      friendly: (number, seller, due) => `Rappel : facture ${number} de ${seller}, échéance le ${due}`,
      firm: (number, seller) => `Relance : la facture ${number} de ${seller} est échue`,
      final: (number, seller) => `Dernière relance : facture ${number} de ${seller}`,
    },
    reminderPreheader: (balance, due) => `${balance} à régler au plus tard le ${due}`,
    reminderIntro: {
      friendly: (number, due) =>
        `Nous vous rappelons que la facture ${number} arrive à échéance le ${due}. Si vous l'avez déjà réglée, merci et ne tenez pas compte de ce message.`,
      firm: (number, due) =>
        `La facture ${number} était à régler au plus tard le ${due} et n'est pas encore entièrement payée. Merci de régler le solde ci-dessous dans les meilleurs délais.`,
      final: (number, due) =>
        `Ceci est notre dernière relance : la facture ${number}, échue le ${due}, reste impayée. Merci de régler le solde ci-dessous dès maintenant.`,
    },
    creditNoteSubject: (number, seller) => `Avoir ${number} de ${seller}`,
    creditNotePreheader: (total, invoice) => `${total} crédités sur la facture ${invoice}`,
    creditNoteIntro: (number, invoice) =>
      `Veuillez trouver ci-dessous l'avoir ${number}, qui corrige la facture ${invoice}.`,
    quoteSubject: (number, seller) => `Devis ${number} de ${seller}`,
    quotePreheader: (total, until) => `${total}, valable jusqu'au ${until}`,
    quoteIntro: (number, until) =>
      `Veuillez trouver ci-dessous le devis ${number}, valable jusqu'au ${until}.`,
    receiptSubject: (number, seller) => `Paiement reçu pour la facture ${number} de ${seller}`,
    receiptPreheader: (amount, number) => `${amount} reçus pour la facture ${number}, merci`,
    receiptIntro: (amount, date, number) =>
      `Merci : nous avons reçu votre paiement de ${amount} le ${date} pour la facture ${number}.`,
    amountReceived: "Paiement reçu",
    viewOnline: "Voir la facture en ligne",
    payNow: "Payer maintenant",
    payByTransfer: "Paiement par virement",
    transferIntro: (amount) => `Merci de virer ${amount} sur le compte suivant :`,
  },
};

const es: LocaleLabels = {
  invoice: "Factura",
  creditNote: "Factura rectificativa",
  quote: "Presupuesto",
  draft: "Borrador",
  number: "Número",
  issueDate: "Fecha de emisión",
  dueDate: "Fecha de vencimiento",
  validUntil: "Válido hasta",
  seller: "De",
  buyer: "Facturar a",
  vatId: "NIF-IVA",
  taxRegistrationId: "NIF",
  companyId: "Registro mercantil",
  partyIdentifier: "Identificador",
  taxRepresentative: "Representante fiscal",
  payee: "Beneficiario",
  buyerReference: "Su referencia",
  purchaseOrder: "Pedido",
  servicePeriod: "Periodo de servicio",
  lineCharge: "Recargo",
  pricePer: "Precio por",
  deliveryDate: "Fecha de entrega",
  correctedInvoice: "Rectifica la factura",
  reason: "Motivo",
  correctionInvoice: "Factura corregida",
  partialInvoice: "Factura parcial",
  partialConstructionInvoice: "Certificación parcial de obra",
  partialFinalConstructionInvoice: "Factura final parcial de obra",
  finalConstructionInvoice: "Factura final de obra",
  hireInvoice: "Factura de alquiler",
  insurersInvoice: "Factura de aseguradora",
  paymentValuation: "Valoración de obra",
  selfBilledInvoice: "Factura (facturación por el destinatario)",
  precedingInvoice: "Factura anterior",
  selfBilling: "Facturación por el destinatario",
  selfBillingNote: "Expedida por el destinatario en nombre y por cuenta del proveedor",
  taxInCurrency: (taxWord, currency) => `${taxWord} en ${currency}`,
  exchangeRate: "tipo de cambio",
  lines: "Líneas de la factura",
  description: "Descripción",
  quantity: "Cant.",
  unitPrice: "Precio unitario",
  discount: "Descuento",
  amount: "Importe",
  netAmount: "Importe neto",
  grossAmount: "Importe bruto",
  subtotal: "Subtotal",
  discounts: "Descuentos",
  charges: "Cargos",
  prepaid: "Pagado por anticipado",
  splitPayment: "IVA pagado por el comprador (pago dividido)",
  category: "Categoría",
  rate: "Tipo",
  taxable: "Base imponible",
  rounding: "Redondeo",
  total: "Total",
  paid: "Pagado",
  credited: "Abonado",
  amountDue: "Importe pendiente",
  toBeRefunded: "A reembolsar",
  refunded: "Reembolsado",
  payment: "Pago",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Titular de la cuenta",
  paymentReference: "Referencia",
  paymentTerms: "Condiciones de pago",
  notes: "Notas",
  scanToPay: "Escanear para pagar",
  payNow: "Pagar ahora",
  payOnlineNote: "Pague con tarjeta en la página segura de nuestro proveedor de pagos.",
  continued: "continuación",
  page: (n, of) => `Página ${n} de ${of}`,
  status: "Estado",
  statusWords: {
    sent: "Pendiente",
    overdue: "Vencida",
    paid: "Pagada",
    void: "Anulada",
    settled: "Liquidada",
  },
  balanceDue: "Importe pendiente",
  balance: "Pagos y abonos",
  payments: "Pagos",
  creditNotes: "Facturas rectificativas",
  date: "Fecha",
  method: "Método",
  methods: {
    bank_transfer: "Transferencia",
    card: "Tarjeta",
    cash: "Efectivo",
    check: "Cheque",
    direct_debit: "Domiciliación",
    other: "Otro",
  },
  nothingDue: "No hay nada pendiente de pago en esta factura.",
  paidOn: (date) => `Pagada el ${date}`,
  qrLabel: "Código QR EPC para una transferencia SEPA del importe pendiente",
  downloads: "Descargar",
  downloadPdf: "Factura (PDF)",
  downloadXml: "Factura electrónica (XML, EN 16931)",
  // The e-mails (issue 25).
  email: {
    greeting: (name) => `Hola, ${name}:`,
    signOff: "Atentamente,",
    invoiceSubject: (number, seller) => `Factura ${number} de ${seller}`,
    invoicePreheader: (total, due) => `${total}, vence el ${due}`,
    invoiceIntro: (number, due) => `Le enviamos la factura ${number}, con vencimiento el ${due}.`,
    recurringIntro: (number, period, due) =>
      `Le enviamos su factura ${number} correspondiente al periodo ${period}, con vencimiento el ${due}.`,
    refundPreheader: (amount) => `Le reembolsaremos ${amount}`,
    refundIntro: (number, amount) =>
      `Le enviamos la factura ${number}. Sus pagos anticipados superan su importe total: le reembolsaremos ${amount}.`,
    belowZeroIntro: (number, amount) =>
      `Le enviamos la factura ${number}. Su importe total es negativo: le reembolsaremos ${amount}.`,
    reminderSubject: {
      friendly: (number, seller, due) => `Recordatorio: la factura ${number} de ${seller} vence el ${due}`,
      firm: (number, seller) => `Aviso: la factura ${number} de ${seller} está vencida`,
      final: (number, seller) => `Último aviso: factura ${number} de ${seller}`,
    },
    reminderPreheader: (balance, due) => `${balance} con vencimiento el ${due}`,
    reminderIntro: {
      friendly: (number, due) =>
        `Le recordamos amablemente que la factura ${number} vence el ${due}. Si ya la ha pagado, gracias, y no tenga en cuenta este mensaje.`,
      firm: (number, due) =>
        `La factura ${number} venció el ${due} y aún no se ha pagado por completo. Le rogamos que abone el saldo pendiente lo antes posible.`,
      final: (number, due) =>
        `Este es nuestro último aviso: la factura ${number} venció el ${due} y sigue sin pagarse. Le rogamos que abone el saldo pendiente ahora.`,
    },
    creditNoteSubject: (number, seller) => `Factura rectificativa ${number} de ${seller}`,
    creditNotePreheader: (total, invoice) => `${total} abonados en la factura ${invoice}`,
    creditNoteIntro: (number, invoice) =>
      `Le enviamos la factura rectificativa ${number}, que corrige la factura ${invoice}.`,
    quoteSubject: (number, seller) => `Presupuesto ${number} de ${seller}`,
    quotePreheader: (total, until) => `${total}, válido hasta el ${until}`,
    quoteIntro: (number, until) => `Le enviamos el presupuesto ${number}, válido hasta el ${until}.`,
    receiptSubject: (number, seller) => `Pago recibido de la factura ${number} de ${seller}`,
    receiptPreheader: (amount, number) => `${amount} recibidos para la factura ${number}, gracias`,
    receiptIntro: (amount, date, number) =>
      `Gracias: hemos recibido su pago de ${amount} el ${date} para la factura ${number}.`,
    amountReceived: "Pago recibido",
    viewOnline: "Ver la factura en línea",
    payNow: "Pagar ahora",
    payByTransfer: "Pago por transferencia",
    transferIntro: (amount) => `Transfiera ${amount} a la siguiente cuenta:`,
  },
};

const it: LocaleLabels = {
  invoice: "Fattura",
  creditNote: "Nota di credito",
  quote: "Preventivo",
  draft: "Bozza",
  number: "Numero",
  issueDate: "Data di emissione",
  dueDate: "Data di scadenza",
  validUntil: "Valido fino al",
  seller: "Da",
  buyer: "Fatturare a",
  vatId: "Partita IVA",
  taxRegistrationId: "Codice fiscale",
  companyId: "Registro imprese",
  partyIdentifier: "Identificativo",
  taxRepresentative: "Rappresentante fiscale",
  payee: "Beneficiario",
  buyerReference: "Vostro riferimento",
  purchaseOrder: "Ordine d'acquisto",
  servicePeriod: "Periodo di servizio",
  lineCharge: "Maggiorazione",
  pricePer: "Prezzo per",
  deliveryDate: "Data di consegna",
  correctedInvoice: "Rettifica la fattura",
  reason: "Motivo",
  correctionInvoice: "Fattura corretta",
  partialInvoice: "Fattura parziale",
  partialConstructionInvoice: "Fattura di acconto lavori (SAL)",
  partialFinalConstructionInvoice: "Fattura finale parziale lavori",
  finalConstructionInvoice: "Fattura finale lavori",
  hireInvoice: "Fattura di noleggio",
  insurersInvoice: "Fattura dell'assicuratore",
  paymentValuation: "Valutazione dei lavori",
  selfBilledInvoice: "Fattura (autofatturazione)",
  precedingInvoice: "Fattura precedente",
  selfBilling: "Autofatturazione",
  selfBillingNote: "Emessa dal cessionario in nome e per conto del cedente",
  taxInCurrency: (taxWord, currency) => `${taxWord} in ${currency}`,
  exchangeRate: "cambio",
  lines: "Righe della fattura",
  description: "Descrizione",
  quantity: "Qtà",
  unitPrice: "Prezzo unitario",
  discount: "Sconto",
  amount: "Importo",
  netAmount: "Importo netto",
  grossAmount: "Importo lordo",
  subtotal: "Subtotale",
  discounts: "Sconti",
  charges: "Maggiorazioni",
  prepaid: "Pagato in anticipo",
  splitPayment: "IVA versata dal committente (scissione dei pagamenti)",
  category: "Categoria",
  rate: "Aliquota",
  taxable: "Imponibile",
  rounding: "Arrotondamento",
  total: "Totale",
  paid: "Pagato",
  credited: "Accreditato",
  amountDue: "Importo dovuto",
  toBeRefunded: "Da rimborsare",
  refunded: "Rimborsato",
  payment: "Pagamento",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Intestatario del conto",
  paymentReference: "Causale",
  paymentTerms: "Termini di pagamento",
  notes: "Note",
  scanToPay: "Scansiona per pagare",
  payNow: "Paga ora",
  payOnlineNote: "Paga con carta sulla pagina sicura del nostro fornitore di pagamenti.",
  continued: "continua",
  page: (n, of) => `Pagina ${n} di ${of}`,
  status: "Stato",
  statusWords: {
    sent: "Da pagare",
    overdue: "Scaduta",
    paid: "Pagata",
    void: "Annullata",
    settled: "Saldata",
  },
  balanceDue: "Importo dovuto",
  balance: "Pagamenti e note di credito",
  payments: "Pagamenti",
  creditNotes: "Note di credito",
  date: "Data",
  method: "Metodo",
  methods: {
    bank_transfer: "Bonifico",
    card: "Carta",
    cash: "Contanti",
    check: "Assegno",
    direct_debit: "Addebito diretto",
    other: "Altro",
  },
  nothingDue: "Non c’è nulla da pagare su questa fattura.",
  paidOn: (date) => `Pagata il ${date}`,
  qrLabel: "Codice QR EPC per un bonifico SEPA dell’importo dovuto",
  downloads: "Scarica",
  downloadPdf: "Fattura (PDF)",
  downloadXml: "Fattura elettronica (XML, EN 16931)",
  // The e-mails (issue 25).
  email: {
    greeting: (name) => `Buongiorno ${name},`,
    signOff: "Cordiali saluti,",
    invoiceSubject: (number, seller) => `Fattura ${number} di ${seller}`,
    invoicePreheader: (total, due) => `${total}, scadenza ${due}`,
    invoiceIntro: (number, due) => `di seguito la fattura ${number}, con scadenza il ${due}.`,
    recurringIntro: (number, period, due) =>
      `di seguito la sua fattura ${number} per il periodo ${period}, con scadenza il ${due}.`,
    refundPreheader: (amount) => `Le rimborseremo ${amount}`,
    refundIntro: (number, amount) =>
      `di seguito la fattura ${number}. I suoi pagamenti anticipati superano il totale: le rimborseremo ${amount}.`,
    belowZeroIntro: (number, amount) =>
      `di seguito la fattura ${number}. Il totale è negativo: le rimborseremo ${amount}.`,
    reminderSubject: {
      friendly: (number, seller, due) => `Promemoria: la fattura ${number} di ${seller} scade il ${due}`,
      firm: (number, seller) => `Sollecito: la fattura ${number} di ${seller} è scaduta`,
      final: (number, seller) => `Ultimo sollecito: fattura ${number} di ${seller}`,
    },
    reminderPreheader: (balance, due) => `${balance} con scadenza il ${due}`,
    reminderIntro: {
      friendly: (number, due) =>
        `le ricordiamo che la fattura ${number} scade il ${due}. Se l'ha già pagata, la ringraziamo e la preghiamo di ignorare questo messaggio.`,
      firm: (number, due) =>
        `la fattura ${number} era in scadenza il ${due} e non è ancora stata saldata per intero. La preghiamo di pagare il saldo qui sotto al più presto.`,
      final: (number, due) =>
        `questo è il nostro ultimo sollecito: la fattura ${number}, scaduta il ${due}, risulta ancora non pagata. La preghiamo di pagare ora il saldo qui sotto.`,
    },
    creditNoteSubject: (number, seller) => `Nota di credito ${number} di ${seller}`,
    creditNotePreheader: (total, invoice) => `${total} accreditati sulla fattura ${invoice}`,
    creditNoteIntro: (number, invoice) =>
      `di seguito la nota di credito ${number}, che rettifica la fattura ${invoice}.`,
    quoteSubject: (number, seller) => `Preventivo ${number} di ${seller}`,
    quotePreheader: (total, until) => `${total}, valido fino al ${until}`,
    quoteIntro: (number, until) => `di seguito il preventivo ${number}, valido fino al ${until}.`,
    receiptSubject: (number, seller) => `Pagamento ricevuto per la fattura ${number} di ${seller}`,
    receiptPreheader: (amount, number) => `${amount} ricevuti per la fattura ${number}, grazie`,
    receiptIntro: (amount, date, number) =>
      `grazie: abbiamo ricevuto il suo pagamento di ${amount} il ${date} per la fattura ${number}.`,
    amountReceived: "Pagamento ricevuto",
    viewOnline: "Visualizza la fattura online",
    payNow: "Paga ora",
    payByTransfer: "Pagamento con bonifico",
    transferIntro: (amount) => `La preghiamo di bonificare ${amount} sul seguente conto:`,
  },
};

const nl: LocaleLabels = {
  invoice: "Factuur",
  creditNote: "Creditnota",
  quote: "Offerte",
  draft: "Concept",
  number: "Nummer",
  issueDate: "Factuurdatum",
  dueDate: "Vervaldatum",
  validUntil: "Geldig tot",
  seller: "Van",
  buyer: "Factuur aan",
  vatId: "Btw-nummer",
  taxRegistrationId: "Fiscaal nummer",
  companyId: "KvK-nummer",
  partyIdentifier: "Kenmerk",
  taxRepresentative: "Fiscaal vertegenwoordiger",
  payee: "Begunstigde",
  buyerReference: "Uw referentie",
  purchaseOrder: "Inkooporder",
  servicePeriod: "Leveringsperiode",
  lineCharge: "Toeslag",
  pricePer: "Prijs per",
  deliveryDate: "Leverdatum",
  correctedInvoice: "Corrigeert factuur",
  reason: "Reden",
  correctionInvoice: "Gecorrigeerde factuur",
  partialInvoice: "Deelfactuur",
  partialConstructionInvoice: "Termijnfactuur bouw",
  partialFinalConstructionInvoice: "Gedeeltelijke eindfactuur bouw",
  finalConstructionInvoice: "Eindfactuur bouw",
  hireInvoice: "Huurfactuur",
  insurersInvoice: "Verzekeringsfactuur",
  paymentValuation: "Waardering uitgevoerd werk",
  selfBilledInvoice: "Factuur uitgereikt door afnemer",
  precedingInvoice: "Vorige factuur",
  selfBilling: "Factuur uitgereikt door afnemer",
  selfBillingNote: "Uitgereikt door de afnemer in naam en voor rekening van de leverancier",
  taxInCurrency: (taxWord, currency) => `${taxWord} in ${currency}`,
  exchangeRate: "koers",
  lines: "Factuurregels",
  description: "Omschrijving",
  quantity: "Aantal",
  unitPrice: "Stukprijs",
  discount: "Korting",
  amount: "Bedrag",
  netAmount: "Nettobedrag",
  grossAmount: "Brutobedrag",
  subtotal: "Subtotaal",
  discounts: "Kortingen",
  charges: "Toeslagen",
  prepaid: "Vooruitbetaald",
  splitPayment: "Btw betaald door de koper (gesplitste betaling)",
  category: "Categorie",
  rate: "Tarief",
  taxable: "Grondslag",
  rounding: "Afronding",
  total: "Totaal",
  paid: "Betaald",
  credited: "Gecrediteerd",
  amountDue: "Te betalen",
  toBeRefunded: "Terug te ontvangen",
  refunded: "Terugbetaald",
  payment: "Betaling",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Rekeninghouder",
  paymentReference: "Kenmerk",
  paymentTerms: "Betalingsvoorwaarden",
  notes: "Opmerkingen",
  scanToPay: "Scan om te betalen",
  payNow: "Nu betalen",
  payOnlineNote: "Betaal met uw kaart op de beveiligde pagina van onze betaalprovider.",
  continued: "vervolg",
  page: (n, of) => `Pagina ${n} van ${of}`,
  status: "Status",
  statusWords: {
    sent: "Openstaand",
    overdue: "Achterstallig",
    paid: "Betaald",
    void: "Geannuleerd",
    settled: "Verrekend",
  },
  balanceDue: "Te betalen",
  balance: "Betalingen en creditnota's",
  payments: "Betalingen",
  creditNotes: "Creditnota's",
  date: "Datum",
  method: "Methode",
  methods: {
    bank_transfer: "Overschrijving",
    card: "Kaart",
    cash: "Contant",
    check: "Cheque",
    direct_debit: "Incasso",
    other: "Overig",
  },
  nothingDue: "Op deze factuur staat niets meer open.",
  paidOn: (date) => `Betaald op ${date}`,
  qrLabel: "EPC-QR-code voor een SEPA-overschrijving van het te betalen bedrag",
  downloads: "Downloaden",
  downloadPdf: "Factuur (PDF)",
  downloadXml: "E-factuur (XML, EN 16931)",
  // The e-mails (issue 25).
  email: {
    greeting: (name) => `Beste ${name},`,
    signOff: "Met vriendelijke groet,",
    invoiceSubject: (number, seller) => `Factuur ${number} van ${seller}`,
    invoicePreheader: (total, due) => `${total}, te betalen vóór ${due}`,
    invoiceIntro: (number, due) => `Hieronder vindt u factuur ${number}, te betalen vóór ${due}.`,
    recurringIntro: (number, period, due) =>
      `Hieronder vindt u uw factuur ${number} voor de periode ${period}, te betalen vóór ${due}.`,
    refundPreheader: (amount) => `${amount} terug te ontvangen`,
    refundIntro: (number, amount) =>
      `Hieronder vindt u factuur ${number}. Uw voorschotten zijn hoger dan het totaal: wij betalen u ${amount} terug.`,
    belowZeroIntro: (number, amount) =>
      `Hieronder vindt u factuur ${number}. Het totaal is negatief: wij betalen u ${amount} terug.`,
    reminderSubject: {
      friendly: (number, seller, due) => `Herinnering: factuur ${number} van ${seller} vervalt op ${due}`,
      firm: (number, seller) => `Aanmaning: factuur ${number} van ${seller} is vervallen`,
      final: (number, seller) => `Laatste aanmaning: factuur ${number} van ${seller}`,
    },
    reminderPreheader: (balance, due) => `${balance} te betalen vóór ${due}`,
    reminderIntro: {
      friendly: (number, due) =>
        `Graag herinneren wij u eraan dat factuur ${number} op ${due} vervalt. Heeft u al betaald, dan danken wij u en kunt u dit bericht negeren.`,
      firm: (number, due) =>
        `Factuur ${number} verviel op ${due} en is nog niet volledig betaald. Wij verzoeken u het openstaande bedrag hieronder zo snel mogelijk te betalen.`,
      final: (number, due) =>
        `Dit is onze laatste aanmaning: factuur ${number} verviel op ${due} en is nog steeds niet betaald. Betaal het openstaande bedrag hieronder nu.`,
    },
    creditNoteSubject: (number, seller) => `Creditnota ${number} van ${seller}`,
    creditNotePreheader: (total, invoice) => `${total} gecrediteerd op factuur ${invoice}`,
    creditNoteIntro: (number, invoice) =>
      `Hieronder vindt u creditnota ${number}, die factuur ${invoice} corrigeert.`,
    quoteSubject: (number, seller) => `Offerte ${number} van ${seller}`,
    quotePreheader: (total, until) => `${total}, geldig tot ${until}`,
    quoteIntro: (number, until) => `Hieronder vindt u offerte ${number}, geldig tot ${until}.`,
    receiptSubject: (number, seller) => `Betaling ontvangen voor factuur ${number} van ${seller}`,
    receiptPreheader: (amount, number) => `${amount} ontvangen voor factuur ${number}, dank u`,
    receiptIntro: (amount, date, number) =>
      `Dank u: wij hebben uw betaling van ${amount} op ${date} ontvangen voor factuur ${number}.`,
    amountReceived: "Betaling ontvangen",
    viewOnline: "Bekijk de factuur online",
    payNow: "Nu betalen",
    payByTransfer: "Betalen per overschrijving",
    transferIntro: (amount) => `Maak ${amount} over naar:`,
  },
};

const pl: LocaleLabels = {
  invoice: "Faktura",
  creditNote: "Faktura korygująca",
  quote: "Oferta",
  draft: "Projekt",
  number: "Numer",
  issueDate: "Data wystawienia",
  dueDate: "Termin płatności",
  validUntil: "Ważna do",
  seller: "Sprzedawca",
  buyer: "Nabywca",
  vatId: "NIP",
  taxRegistrationId: "Nr podatkowy",
  companyId: "KRS",
  partyIdentifier: "Identyfikator",
  taxRepresentative: "Przedstawiciel podatkowy",
  payee: "Odbiorca płatności",
  buyerReference: "Referencja nabywcy",
  purchaseOrder: "Nr zamówienia",
  servicePeriod: "Okres świadczenia usług",
  lineCharge: "Dopłata",
  pricePer: "Cena za",
  deliveryDate: "Data dostawy",
  correctedInvoice: "Korygowana faktura",
  reason: "Przyczyna korekty",
  correctionInvoice: "Faktura skorygowana",
  partialInvoice: "Faktura częściowa",
  partialConstructionInvoice: "Faktura częściowa za roboty budowlane",
  partialFinalConstructionInvoice: "Częściowa faktura końcowa za roboty budowlane",
  finalConstructionInvoice: "Faktura końcowa za roboty budowlane",
  hireInvoice: "Faktura za najem",
  insurersInvoice: "Faktura ubezpieczyciela",
  paymentValuation: "Wycena wykonanych prac",
  selfBilledInvoice: "Faktura (samofakturowanie)",
  precedingInvoice: "Faktura poprzednia",
  selfBilling: "Samofakturowanie",
  selfBillingNote: "Wystawiona przez nabywcę w imieniu i na rzecz sprzedawcy",
  taxInCurrency: (taxWord, currency) => `${taxWord} w ${currency}`,
  exchangeRate: "kurs",
  lines: "Pozycje faktury",
  description: "Opis",
  quantity: "Ilość",
  unitPrice: "Cena jedn.",
  discount: "Rabat",
  amount: "Wartość",
  netAmount: "Wartość netto",
  grossAmount: "Wartość brutto",
  subtotal: "Suma pozycji",
  discounts: "Rabaty",
  charges: "Dopłaty",
  prepaid: "Przedpłata",
  splitPayment: "VAT płacony przez nabywcę (podzielona płatność)",
  category: "Kategoria",
  rate: "Stawka",
  taxable: "Podstawa",
  rounding: "Zaokrąglenie",
  total: "Razem brutto",
  paid: "Zapłacono",
  credited: "Skorygowano",
  amountDue: "Do zapłaty",
  toBeRefunded: "Do zwrotu",
  refunded: "Zwrócono",
  payment: "Płatność",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Posiadacz rachunku",
  paymentReference: "Tytuł przelewu",
  paymentTerms: "Warunki płatności",
  notes: "Uwagi",
  scanToPay: "Zeskanuj, aby zapłacić",
  payNow: "Zapłać teraz",
  payOnlineNote: "Zapłać kartą na bezpiecznej stronie naszego operatora płatności.",
  continued: "cd.",
  page: (n, of) => `Strona ${n} z ${of}`,
  status: "Status",
  statusWords: {
    sent: "Do zapłaty",
    overdue: "Po terminie",
    paid: "Zapłacona",
    void: "Anulowana",
    settled: "Rozliczona",
  },
  balanceDue: "Pozostało do zapłaty",
  balance: "Płatności i korekty",
  payments: "Płatności",
  creditNotes: "Faktury korygujące",
  date: "Data",
  method: "Forma płatności",
  methods: {
    bank_transfer: "Przelew",
    card: "Karta",
    cash: "Gotówka",
    check: "Czek",
    direct_debit: "Polecenie zapłaty",
    other: "Inna",
  },
  nothingDue: "Do tej faktury nie pozostało nic do zapłaty.",
  paidOn: (date) => `Zapłacono ${date}`,
  qrLabel: "Kod QR EPC do przelewu SEPA kwoty do zapłaty",
  downloads: "Pobierz",
  downloadPdf: "Faktura (PDF)",
  downloadXml: "E-faktura (XML, EN 16931)",
  // The e-mails (issue 25).
  email: {
    greeting: (name) => `Dzień dobry ${name},`,
    signOff: "Z poważaniem",
    invoiceSubject: (number, seller) => `Faktura ${number} od ${seller}`,
    invoicePreheader: (total, due) => `${total}, termin płatności ${due}`,
    invoiceIntro: (number, due) => `przesyłamy fakturę ${number} z terminem płatności ${due}.`,
    recurringIntro: (number, period, due) =>
      `przesyłamy fakturę ${number} za okres ${period} z terminem płatności ${due}.`,
    refundPreheader: (amount) => `${amount} do zwrotu`,
    refundIntro: (number, amount) =>
      `przesyłamy fakturę ${number}. Państwa przedpłaty przekraczają jej kwotę: zwrócimy Państwu ${amount}.`,
    belowZeroIntro: (number, amount) =>
      `przesyłamy fakturę ${number}. Jej kwota jest ujemna: zwrócimy Państwu ${amount}.`,
    reminderSubject: {
      friendly: (number, seller, due) =>
        `Przypomnienie: faktura ${number} od ${seller}, termin płatności ${due}`,
      firm: (number, seller) => `Wezwanie do zapłaty: faktura ${number} od ${seller} jest przeterminowana`,
      final: (number, seller) => `Ostateczne wezwanie do zapłaty: faktura ${number} od ${seller}`,
    },
    reminderPreheader: (balance, due) => `${balance}, termin płatności ${due}`,
    reminderIntro: {
      friendly: (number, due) =>
        `uprzejmie przypominamy, że termin płatności faktury ${number} upływa ${due}. Jeśli płatność została już dokonana, dziękujemy i prosimy zignorować tę wiadomość.`,
      firm: (number, due) =>
        `termin płatności faktury ${number} upłynął ${due}, a faktura nie została jeszcze w pełni opłacona. Prosimy o niezwłoczną zapłatę poniższego salda.`,
      final: (number, due) =>
        `to nasze ostateczne wezwanie: termin płatności faktury ${number} upłynął ${due}, a faktura nadal nie jest opłacona. Prosimy o natychmiastową zapłatę poniższego salda.`,
    },
    creditNoteSubject: (number, seller) => `Faktura korygująca ${number} od ${seller}`,
    creditNotePreheader: (total, invoice) => `${total} korekty do faktury ${invoice}`,
    creditNoteIntro: (number, invoice) => `przesyłamy fakturę korygującą ${number} do faktury ${invoice}.`,
    quoteSubject: (number, seller) => `Oferta ${number} od ${seller}`,
    quotePreheader: (total, until) => `${total}, ważna do ${until}`,
    quoteIntro: (number, until) => `przesyłamy ofertę ${number}, ważną do ${until}.`,
    receiptSubject: (number, seller) => `Otrzymano płatność za fakturę ${number} od ${seller}`,
    receiptPreheader: (amount, number) => `Otrzymaliśmy ${amount} za fakturę ${number}, dziękujemy`,
    receiptIntro: (amount, date, number) =>
      `dziękujemy: ${date} otrzymaliśmy Państwa płatność w wysokości ${amount} za fakturę ${number}.`,
    amountReceived: "Otrzymana płatność",
    viewOnline: "Zobacz fakturę online",
    payNow: "Zapłać teraz",
    payByTransfer: "Płatność przelewem",
    transferIntro: (amount) => `Prosimy przelać ${amount} na konto:`,
  },
};

const LABELS: Record<Locale, LocaleLabels> = { en, de, fr, es, it, nl, pl };

/** The labels of one document: its language's, with the tax words of its seller's country. */
export function documentLabels(locale: Locale, sellerCountry: string | null | undefined): Labels {
  const words = taxWords(sellerCountry, locale);
  return {
    ...LABELS[locale],
    vat: words.tax,
    taxExclusiveTotal: words.taxExclusiveTotal,
    vatBreakdown: words.breakdown,
    taxAmount: words.taxAmount,
    taxTotal: words.taxTotal,
  };
}
