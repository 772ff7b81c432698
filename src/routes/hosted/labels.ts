// The hosted page's words in the organization's locale (billing profile `locale`), so the
// page's text matches its `lang` attribute.
import type { Locale } from "../../db/schema/identity";
import { nonVatTaxWords } from "../../lib/vat-statements";

export interface PageLabels {
  invoice: string;
  from: string;
  billedTo: string;
  number: string;
  issueDate: string;
  dueDate: string;
  status: string;
  statusWords: { sent: string; overdue: string; paid: string; void: string };
  amountDue: string;
  vatId: string;
  lines: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  discount: string;
  netTotal: string;
  vat: string;
  total: string;
  paid: string;
  credited: string;
  vatBreakdown: string;
  rate: string;
  taxable: string;
  payment: string;
  accountHolder: string;
  iban: string;
  bic: string;
  reference: string;
  scanToPay: string;
  qrLabel: string;
  notes: string;
  nothingDue: string;
  downloads: string;
  downloadPdf: string;
  downloadXml: string;
}

const en: PageLabels = {
  invoice: "Invoice",
  from: "From",
  billedTo: "Billed to",
  number: "Invoice number",
  issueDate: "Issue date",
  dueDate: "Due date",
  status: "Status",
  statusWords: { sent: "Due", overdue: "Overdue", paid: "Paid", void: "Void (cancelled)" },
  amountDue: "Amount due",
  vatId: "VAT ID",
  lines: "Invoice lines",
  description: "Description",
  quantity: "Quantity",
  unitPrice: "Unit price",
  amount: "Amount",
  subtotal: "Subtotal",
  discount: "Discount",
  netTotal: "Total without VAT",
  vat: "VAT",
  total: "Total",
  paid: "Paid",
  credited: "Credited",
  vatBreakdown: "VAT breakdown",
  rate: "Rate",
  taxable: "Taxable amount",
  payment: "How to pay",
  accountHolder: "Account holder",
  iban: "IBAN",
  bic: "BIC",
  reference: "Payment reference",
  scanToPay: "Scan with your banking app to pay",
  qrLabel: "EPC QR code for a SEPA credit transfer of the amount due",
  notes: "Notes",
  nothingDue: "Nothing is due on this invoice.",
  downloads: "Download",
  downloadPdf: "Invoice (PDF)",
  downloadXml: "E-invoice (XML, EN 16931)",
};

const de: PageLabels = {
  invoice: "Rechnung",
  from: "Von",
  billedTo: "Rechnungsempfänger",
  number: "Rechnungsnummer",
  issueDate: "Rechnungsdatum",
  dueDate: "Fällig am",
  status: "Status",
  statusWords: { sent: "Offen", overdue: "Überfällig", paid: "Bezahlt", void: "Storniert" },
  amountDue: "Offener Betrag",
  vatId: "USt-IdNr.",
  lines: "Rechnungspositionen",
  description: "Beschreibung",
  quantity: "Menge",
  unitPrice: "Einzelpreis",
  amount: "Betrag",
  subtotal: "Zwischensumme",
  discount: "Rabatt",
  netTotal: "Nettobetrag",
  vat: "USt.",
  total: "Gesamtbetrag",
  paid: "Bezahlt",
  credited: "Gutgeschrieben",
  vatBreakdown: "Umsatzsteuer",
  rate: "Satz",
  taxable: "Bemessungsgrundlage",
  payment: "Zahlung",
  accountHolder: "Kontoinhaber",
  iban: "IBAN",
  bic: "BIC",
  reference: "Verwendungszweck",
  scanToPay: "Mit der Banking-App scannen und bezahlen",
  qrLabel: "EPC-QR-Code für eine SEPA-Überweisung des offenen Betrags",
  notes: "Hinweise",
  nothingDue: "Auf diese Rechnung ist nichts mehr zu zahlen.",
  downloads: "Herunterladen",
  downloadPdf: "Rechnung (PDF)",
  downloadXml: "E-Rechnung (XML, EN 16931)",
};

const fr: PageLabels = {
  invoice: "Facture",
  from: "De",
  billedTo: "Facturé à",
  number: "Numéro de facture",
  issueDate: "Date d’émission",
  dueDate: "Date d’échéance",
  status: "Statut",
  statusWords: { sent: "À payer", overdue: "En retard", paid: "Payée", void: "Annulée" },
  amountDue: "Montant dû",
  vatId: "N° de TVA",
  lines: "Lignes de la facture",
  description: "Description",
  quantity: "Quantité",
  unitPrice: "Prix unitaire",
  amount: "Montant",
  subtotal: "Sous-total",
  discount: "Remise",
  netTotal: "Total HT",
  vat: "TVA",
  total: "Total TTC",
  paid: "Payé",
  credited: "Avoir",
  vatBreakdown: "Détail de la TVA",
  rate: "Taux",
  taxable: "Base imposable",
  payment: "Paiement",
  accountHolder: "Titulaire du compte",
  iban: "IBAN",
  bic: "BIC",
  reference: "Référence du paiement",
  scanToPay: "Scannez avec votre application bancaire pour payer",
  qrLabel: "Code QR EPC pour un virement SEPA du montant dû",
  notes: "Remarques",
  nothingDue: "Rien n’est dû sur cette facture.",
  downloads: "Télécharger",
  downloadPdf: "Facture (PDF)",
  downloadXml: "Facture électronique (XML, EN 16931)",
};

const es: PageLabels = {
  invoice: "Factura",
  from: "De",
  billedTo: "Facturar a",
  number: "Número de factura",
  issueDate: "Fecha de emisión",
  dueDate: "Fecha de vencimiento",
  status: "Estado",
  statusWords: { sent: "Pendiente", overdue: "Vencida", paid: "Pagada", void: "Anulada" },
  amountDue: "Importe pendiente",
  vatId: "NIF-IVA",
  lines: "Líneas de la factura",
  description: "Descripción",
  quantity: "Cantidad",
  unitPrice: "Precio unitario",
  amount: "Importe",
  subtotal: "Subtotal",
  discount: "Descuento",
  netTotal: "Base imponible total",
  vat: "IVA",
  total: "Total",
  paid: "Pagado",
  credited: "Abonado",
  vatBreakdown: "Desglose del IVA",
  rate: "Tipo",
  taxable: "Base imponible",
  payment: "Cómo pagar",
  accountHolder: "Titular de la cuenta",
  iban: "IBAN",
  bic: "BIC",
  reference: "Concepto",
  scanToPay: "Escanee con su aplicación bancaria para pagar",
  qrLabel: "Código QR EPC para una transferencia SEPA del importe pendiente",
  notes: "Notas",
  nothingDue: "No hay nada pendiente de pago en esta factura.",
  downloads: "Descargar",
  downloadPdf: "Factura (PDF)",
  downloadXml: "Factura electrónica (XML, EN 16931)",
};

const it: PageLabels = {
  invoice: "Fattura",
  from: "Da",
  billedTo: "Intestata a",
  number: "Numero fattura",
  issueDate: "Data di emissione",
  dueDate: "Scadenza",
  status: "Stato",
  statusWords: { sent: "Da pagare", overdue: "Scaduta", paid: "Pagata", void: "Annullata" },
  amountDue: "Importo dovuto",
  vatId: "Partita IVA",
  lines: "Righe della fattura",
  description: "Descrizione",
  quantity: "Quantità",
  unitPrice: "Prezzo unitario",
  amount: "Importo",
  subtotal: "Subtotale",
  discount: "Sconto",
  netTotal: "Imponibile",
  vat: "IVA",
  total: "Totale",
  paid: "Pagato",
  credited: "Accreditato",
  vatBreakdown: "Riepilogo IVA",
  rate: "Aliquota",
  taxable: "Imponibile",
  payment: "Come pagare",
  accountHolder: "Intestatario del conto",
  iban: "IBAN",
  bic: "BIC",
  reference: "Causale",
  scanToPay: "Inquadra con l’app della banca per pagare",
  qrLabel: "Codice QR EPC per un bonifico SEPA dell’importo dovuto",
  notes: "Note",
  nothingDue: "Non c’è nulla da pagare su questa fattura.",
  downloads: "Scarica",
  downloadPdf: "Fattura (PDF)",
  downloadXml: "Fattura elettronica (XML, EN 16931)",
};

const nl: PageLabels = {
  invoice: "Factuur",
  from: "Van",
  billedTo: "Factuur aan",
  number: "Factuurnummer",
  issueDate: "Factuurdatum",
  dueDate: "Vervaldatum",
  status: "Status",
  statusWords: { sent: "Openstaand", overdue: "Achterstallig", paid: "Betaald", void: "Geannuleerd" },
  amountDue: "Te betalen",
  vatId: "Btw-nummer",
  lines: "Factuurregels",
  description: "Omschrijving",
  quantity: "Aantal",
  unitPrice: "Stukprijs",
  amount: "Bedrag",
  subtotal: "Subtotaal",
  discount: "Korting",
  netTotal: "Totaal excl. btw",
  vat: "Btw",
  total: "Totaal",
  paid: "Betaald",
  credited: "Gecrediteerd",
  vatBreakdown: "Btw-specificatie",
  rate: "Tarief",
  taxable: "Grondslag",
  payment: "Betalen",
  accountHolder: "Rekeninghouder",
  iban: "IBAN",
  bic: "BIC",
  reference: "Betalingskenmerk",
  scanToPay: "Scan met uw bankapp om te betalen",
  qrLabel: "EPC-QR-code voor een SEPA-overschrijving van het te betalen bedrag",
  notes: "Opmerkingen",
  nothingDue: "Op deze factuur staat niets meer open.",
  downloads: "Downloaden",
  downloadPdf: "Factuur (PDF)",
  downloadXml: "E-factuur (XML, EN 16931)",
};

export const LABELS: Record<Locale, PageLabels> = { en, de, fr, es, it, nl };

/** The page's labels: "Tax" or "Sales tax" instead of "VAT" for sellers in countries without VAT. */
export function pageLabels(locale: Locale, sellerCountry: string | null | undefined): PageLabels {
  const labels = LABELS[locale];
  const words = nonVatTaxWords(sellerCountry, locale);
  if (!words) return labels;
  return { ...labels, vat: words.tax, netTotal: words.taxExclusiveTotal, vatBreakdown: words.breakdown };
}
