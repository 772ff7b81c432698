// The words printed on invoices and credit notes, in the six locales an organization may choose.
import type { Locale } from "../../db/schema/identity";
import { nonVatTaxWords } from "../../lib/vat-statements";

export interface Labels {
  invoice: string;
  creditNote: string;
  draft: string;
  number: string;
  issueDate: string;
  dueDate: string;
  seller: string;
  buyer: string;
  vatId: string;
  taxRegistrationId: string;
  companyId: string;
  buyerReference: string;
  purchaseOrder: string;
  servicePeriod: string;
  deliveryDate: string;
  correctedInvoice: string;
  reason: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vat: string;
  netAmount: string;
  grossAmount: string;
  subtotal: string;
  discounts: string;
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
  amountDue: string;
  refunded: string;
  payment: string;
  iban: string;
  bic: string;
  accountHolder: string;
  paymentReference: string;
  paymentTerms: string;
  notes: string;
  scanToPay: string;
  continued: string;
  page: (n: number, of: number) => string;
}

const en: Labels = {
  invoice: "Invoice",
  creditNote: "Credit note",
  draft: "Draft",
  number: "Number",
  issueDate: "Issue date",
  dueDate: "Due date",
  seller: "From",
  buyer: "Bill to",
  vatId: "VAT ID",
  taxRegistrationId: "Tax no.",
  companyId: "Company ID",
  buyerReference: "Your reference",
  purchaseOrder: "Purchase order",
  servicePeriod: "Service period",
  deliveryDate: "Delivery date",
  correctedInvoice: "Corrects invoice",
  reason: "Reason",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price",
  discount: "Discount",
  vat: "VAT",
  netAmount: "Net amount",
  grossAmount: "Gross amount",
  subtotal: "Subtotal",
  discounts: "Discounts",
  taxExclusiveTotal: "Total excl. VAT",
  vatBreakdown: "VAT breakdown",
  category: "Category",
  rate: "Rate",
  taxable: "Taxable amount",
  taxAmount: "VAT amount",
  taxTotal: "VAT total",
  rounding: "Rounding",
  total: "Total",
  paid: "Paid",
  credited: "Credited",
  amountDue: "Amount due",
  refunded: "Refunded",
  payment: "Payment",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Account holder",
  paymentReference: "Reference",
  paymentTerms: "Payment terms",
  notes: "Notes",
  scanToPay: "Scan to pay",
  continued: "continued",
  page: (n, of) => `Page ${n} of ${of}`,
};

const de: Labels = {
  invoice: "Rechnung",
  creditNote: "Rechnungskorrektur",
  draft: "Entwurf",
  number: "Nummer",
  issueDate: "Rechnungsdatum",
  dueDate: "Fällig am",
  seller: "Von",
  buyer: "Rechnung an",
  vatId: "USt-IdNr.",
  taxRegistrationId: "Steuernr.",
  companyId: "Handelsregister",
  buyerReference: "Ihre Referenz",
  purchaseOrder: "Bestellnummer",
  servicePeriod: "Leistungszeitraum",
  deliveryDate: "Lieferdatum",
  correctedInvoice: "Korrektur zu Rechnung",
  reason: "Grund",
  description: "Beschreibung",
  quantity: "Menge",
  unitPrice: "Einzelpreis",
  discount: "Rabatt",
  vat: "USt.",
  netAmount: "Nettobetrag",
  grossAmount: "Bruttobetrag",
  subtotal: "Zwischensumme",
  discounts: "Nachlässe",
  taxExclusiveTotal: "Summe netto",
  vatBreakdown: "Umsatzsteuer",
  category: "Kategorie",
  rate: "Satz",
  taxable: "Bemessungsgrundlage",
  taxAmount: "Steuerbetrag",
  taxTotal: "Umsatzsteuer gesamt",
  rounding: "Rundung",
  total: "Gesamtbetrag",
  paid: "Bezahlt",
  credited: "Gutgeschrieben",
  amountDue: "Zahlbetrag",
  refunded: "Erstattet",
  payment: "Zahlung",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Kontoinhaber",
  paymentReference: "Verwendungszweck",
  paymentTerms: "Zahlungsbedingungen",
  notes: "Hinweise",
  scanToPay: "Zum Bezahlen scannen",
  continued: "Fortsetzung",
  page: (n, of) => `Seite ${n} von ${of}`,
};

const fr: Labels = {
  invoice: "Facture",
  creditNote: "Avoir",
  draft: "Brouillon",
  number: "Numéro",
  issueDate: "Date d'émission",
  dueDate: "Date d'échéance",
  seller: "De",
  buyer: "Facturé à",
  vatId: "N° TVA",
  taxRegistrationId: "N° fiscal",
  companyId: "SIREN",
  buyerReference: "Votre référence",
  purchaseOrder: "Bon de commande",
  servicePeriod: "Période de service",
  deliveryDate: "Date de livraison",
  correctedInvoice: "Rectifie la facture",
  reason: "Motif",
  description: "Description",
  quantity: "Qté",
  unitPrice: "Prix unitaire",
  discount: "Remise",
  vat: "TVA",
  netAmount: "Montant HT",
  grossAmount: "Montant TTC",
  subtotal: "Sous-total",
  discounts: "Remises",
  taxExclusiveTotal: "Total HT",
  vatBreakdown: "Détail de la TVA",
  category: "Catégorie",
  rate: "Taux",
  taxable: "Base HT",
  taxAmount: "Montant TVA",
  taxTotal: "Total TVA",
  rounding: "Arrondi",
  total: "Total TTC",
  paid: "Payé",
  credited: "Crédité",
  amountDue: "Montant dû",
  refunded: "Remboursé",
  payment: "Paiement",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Titulaire du compte",
  paymentReference: "Référence",
  paymentTerms: "Conditions de paiement",
  notes: "Notes",
  scanToPay: "Scanner pour payer",
  continued: "suite",
  page: (n, of) => `Page ${n} sur ${of}`,
};

const es: Labels = {
  invoice: "Factura",
  creditNote: "Factura rectificativa",
  draft: "Borrador",
  number: "Número",
  issueDate: "Fecha de emisión",
  dueDate: "Fecha de vencimiento",
  seller: "De",
  buyer: "Facturar a",
  vatId: "NIF-IVA",
  taxRegistrationId: "NIF",
  companyId: "Registro mercantil",
  buyerReference: "Su referencia",
  purchaseOrder: "Pedido",
  servicePeriod: "Periodo de servicio",
  deliveryDate: "Fecha de entrega",
  correctedInvoice: "Rectifica la factura",
  reason: "Motivo",
  description: "Descripción",
  quantity: "Cant.",
  unitPrice: "Precio unitario",
  discount: "Descuento",
  vat: "IVA",
  netAmount: "Importe neto",
  grossAmount: "Importe bruto",
  subtotal: "Subtotal",
  discounts: "Descuentos",
  taxExclusiveTotal: "Base imponible total",
  vatBreakdown: "Desglose del IVA",
  category: "Categoría",
  rate: "Tipo",
  taxable: "Base imponible",
  taxAmount: "Cuota IVA",
  taxTotal: "Total IVA",
  rounding: "Redondeo",
  total: "Total",
  paid: "Pagado",
  credited: "Abonado",
  amountDue: "Importe pendiente",
  refunded: "Reembolsado",
  payment: "Pago",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Titular de la cuenta",
  paymentReference: "Referencia",
  paymentTerms: "Condiciones de pago",
  notes: "Notas",
  scanToPay: "Escanear para pagar",
  continued: "continuación",
  page: (n, of) => `Página ${n} de ${of}`,
};

const it: Labels = {
  invoice: "Fattura",
  creditNote: "Nota di credito",
  draft: "Bozza",
  number: "Numero",
  issueDate: "Data di emissione",
  dueDate: "Data di scadenza",
  seller: "Da",
  buyer: "Fatturare a",
  vatId: "Partita IVA",
  taxRegistrationId: "Codice fiscale",
  companyId: "Registro imprese",
  buyerReference: "Vostro riferimento",
  purchaseOrder: "Ordine d'acquisto",
  servicePeriod: "Periodo di servizio",
  deliveryDate: "Data di consegna",
  correctedInvoice: "Rettifica la fattura",
  reason: "Motivo",
  description: "Descrizione",
  quantity: "Qtà",
  unitPrice: "Prezzo unitario",
  discount: "Sconto",
  vat: "IVA",
  netAmount: "Importo netto",
  grossAmount: "Importo lordo",
  subtotal: "Subtotale",
  discounts: "Sconti",
  taxExclusiveTotal: "Totale imponibile",
  vatBreakdown: "Riepilogo IVA",
  category: "Categoria",
  rate: "Aliquota",
  taxable: "Imponibile",
  taxAmount: "Imposta",
  taxTotal: "Totale IVA",
  rounding: "Arrotondamento",
  total: "Totale",
  paid: "Pagato",
  credited: "Accreditato",
  amountDue: "Importo dovuto",
  refunded: "Rimborsato",
  payment: "Pagamento",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Intestatario del conto",
  paymentReference: "Causale",
  paymentTerms: "Termini di pagamento",
  notes: "Note",
  scanToPay: "Scansiona per pagare",
  continued: "continua",
  page: (n, of) => `Pagina ${n} di ${of}`,
};

const nl: Labels = {
  invoice: "Factuur",
  creditNote: "Creditnota",
  draft: "Concept",
  number: "Nummer",
  issueDate: "Factuurdatum",
  dueDate: "Vervaldatum",
  seller: "Van",
  buyer: "Factuur aan",
  vatId: "Btw-nummer",
  taxRegistrationId: "Fiscaal nummer",
  companyId: "KvK-nummer",
  buyerReference: "Uw referentie",
  purchaseOrder: "Inkooporder",
  servicePeriod: "Leveringsperiode",
  deliveryDate: "Leverdatum",
  correctedInvoice: "Corrigeert factuur",
  reason: "Reden",
  description: "Omschrijving",
  quantity: "Aantal",
  unitPrice: "Stukprijs",
  discount: "Korting",
  vat: "Btw",
  netAmount: "Nettobedrag",
  grossAmount: "Brutobedrag",
  subtotal: "Subtotaal",
  discounts: "Kortingen",
  taxExclusiveTotal: "Totaal excl. btw",
  vatBreakdown: "Btw-specificatie",
  category: "Categorie",
  rate: "Tarief",
  taxable: "Grondslag",
  taxAmount: "Btw-bedrag",
  taxTotal: "Totaal btw",
  rounding: "Afronding",
  total: "Totaal",
  paid: "Betaald",
  credited: "Gecrediteerd",
  amountDue: "Te betalen",
  refunded: "Terugbetaald",
  payment: "Betaling",
  iban: "IBAN",
  bic: "BIC",
  accountHolder: "Rekeninghouder",
  paymentReference: "Kenmerk",
  paymentTerms: "Betalingsvoorwaarden",
  notes: "Opmerkingen",
  scanToPay: "Scan om te betalen",
  continued: "vervolg",
  page: (n, of) => `Pagina ${n} van ${of}`,
};

export const LABELS: Record<Locale, Labels> = { en, de, fr, es, it, nl };

/** The labels of one document: "Tax" or "Sales tax" instead of "VAT" for sellers in countries without VAT. */
export function documentLabels(locale: Locale, sellerCountry: string | null | undefined): Labels {
  const labels = LABELS[locale];
  const words = nonVatTaxWords(sellerCountry, locale);
  if (!words) return labels;
  return {
    ...labels,
    vat: words.tax,
    taxExclusiveTotal: words.taxExclusiveTotal,
    vatBreakdown: words.breakdown,
    taxAmount: words.taxAmount,
    taxTotal: words.taxTotal,
  };
}
