// Every word an output of a document prints (the PDF, the hosted page, the e-mails), one table per
// locale, so a document says the same thing in the same words wherever it is read. The legal
// statements and the words for the tax ("VAT", "USt.", "Sales tax", by seller country and language)
// live in src/lib/vat-statements.ts.
import type { PaymentMethod } from "../db/schema/billing";
import type { Locale } from "../db/schema/identity";
import { taxWords } from "../lib/vat-statements";

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
  buyerReference: string;
  purchaseOrder: string;
  servicePeriod: string;
  deliveryDate: string;
  correctedInvoice: string;
  reason: string;
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
  statusWords: { sent: string; overdue: string; paid: string; void: string };
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
  /** The e-mails. */
  greeting: (name: string) => string;
  invoiceIntro: (number: string, dueDate: string) => string;
  reminderIntro: (number: string, dueDate: string) => string;
  quoteIntro: (number: string, validUntil: string) => string;
  invoiceSubject: (number: string, seller: string) => string;
  reminderSubject: (number: string, seller: string, dueDate: string) => string;
  quoteSubject: (number: string, seller: string) => string;
  viewOnline: string;
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
  buyerReference: "Your reference",
  purchaseOrder: "Purchase order",
  servicePeriod: "Service period",
  deliveryDate: "Delivery date",
  correctedInvoice: "Corrects invoice",
  reason: "Reason",
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
  category: "Category",
  rate: "Rate",
  taxable: "Taxable amount",
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
  payNow: "Pay now",
  payOnlineNote: "Pay by card on our payment provider\u2019s secure page.",
  continued: "continued",
  page: (n, of) => `Page ${n} of ${of}`,
  status: "Status",
  statusWords: { sent: "Due", overdue: "Overdue", paid: "Paid", void: "Void (cancelled)" },
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
  greeting: (name) => `Hello ${name},`,
  invoiceIntro: (number, due) => `Please find invoice ${number} below, due on ${due}.`,
  reminderIntro: (number, due) => `This is a reminder that invoice ${number} is due on ${due}.`,
  quoteIntro: (number, until) => `Please find quote ${number} below, valid until ${until}.`,
  invoiceSubject: (number, seller) => `Invoice ${number} from ${seller}`,
  reminderSubject: (number, seller, due) => `Reminder: invoice ${number} from ${seller} is due ${due}`,
  quoteSubject: (number, seller) => `Quote ${number} from ${seller}`,
  viewOnline: "View the invoice online",
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
  buyerReference: "Ihre Referenz",
  purchaseOrder: "Bestellnummer",
  servicePeriod: "Leistungszeitraum",
  deliveryDate: "Lieferdatum",
  correctedInvoice: "Korrektur zu Rechnung",
  reason: "Grund",
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
  category: "Kategorie",
  rate: "Satz",
  taxable: "Bemessungsgrundlage",
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
  payNow: "Jetzt bezahlen",
  payOnlineNote: "Mit Karte auf der sicheren Seite unseres Zahlungsdienstleisters bezahlen.",
  continued: "Fortsetzung",
  page: (n, of) => `Seite ${n} von ${of}`,
  status: "Status",
  statusWords: { sent: "Offen", overdue: "Überfällig", paid: "Bezahlt", void: "Storniert" },
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
  greeting: (name) => `Guten Tag ${name},`,
  invoiceIntro: (number, due) => `anbei erhalten Sie die Rechnung ${number}, fällig am ${due}.`,
  reminderIntro: (number, due) => `wir erinnern Sie an die Rechnung ${number}, fällig am ${due}.`,
  quoteIntro: (number, until) => `anbei erhalten Sie das Angebot ${number}, gültig bis ${until}.`,
  invoiceSubject: (number, seller) => `Rechnung ${number} von ${seller}`,
  reminderSubject: (number, seller, due) =>
    `Zahlungserinnerung: Rechnung ${number} von ${seller}, fällig am ${due}`,
  quoteSubject: (number, seller) => `Angebot ${number} von ${seller}`,
  viewOnline: "Rechnung online ansehen",
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
  buyerReference: "Votre référence",
  purchaseOrder: "Bon de commande",
  servicePeriod: "Période de service",
  deliveryDate: "Date de livraison",
  correctedInvoice: "Rectifie la facture",
  reason: "Motif",
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
  category: "Catégorie",
  rate: "Taux",
  taxable: "Base HT",
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
  payNow: "Payer maintenant",
  payOnlineNote: "Payer par carte sur la page sécurisée de notre prestataire de paiement.",
  continued: "suite",
  page: (n, of) => `Page ${n} sur ${of}`,
  status: "Statut",
  statusWords: { sent: "À payer", overdue: "En retard", paid: "Payée", void: "Annulée" },
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
  greeting: (name) => `Bonjour ${name},`,
  invoiceIntro: (number, due) =>
    `Veuillez trouver ci-dessous la facture ${number}, à régler au plus tard le ${due}.`,
  reminderIntro: (number, due) =>
    `Nous vous rappelons que la facture ${number} est à régler au plus tard le ${due}.`,
  quoteIntro: (number, until) => `Veuillez trouver ci-dessous le devis ${number}, valable jusqu'au ${until}.`,
  invoiceSubject: (number, seller) => `Facture ${number} de ${seller}`,
  reminderSubject: (number, seller, due) => `Rappel : facture ${number} de ${seller}, échéance le ${due}`,
  quoteSubject: (number, seller) => `Devis ${number} de ${seller}`,
  viewOnline: "Voir la facture en ligne",
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
  buyerReference: "Su referencia",
  purchaseOrder: "Pedido",
  servicePeriod: "Periodo de servicio",
  deliveryDate: "Fecha de entrega",
  correctedInvoice: "Rectifica la factura",
  reason: "Motivo",
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
  category: "Categoría",
  rate: "Tipo",
  taxable: "Base imponible",
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
  payNow: "Pagar ahora",
  payOnlineNote: "Pague con tarjeta en la página segura de nuestro proveedor de pagos.",
  continued: "continuación",
  page: (n, of) => `Página ${n} de ${of}`,
  status: "Estado",
  statusWords: { sent: "Pendiente", overdue: "Vencida", paid: "Pagada", void: "Anulada" },
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
  greeting: (name) => `Hola, ${name}:`,
  invoiceIntro: (number, due) => `Le enviamos la factura ${number}, con vencimiento el ${due}.`,
  reminderIntro: (number, due) => `Le recordamos que la factura ${number} vence el ${due}.`,
  quoteIntro: (number, until) => `Le enviamos el presupuesto ${number}, válido hasta el ${until}.`,
  invoiceSubject: (number, seller) => `Factura ${number} de ${seller}`,
  reminderSubject: (number, seller, due) => `Recordatorio: factura ${number} de ${seller}, vence el ${due}`,
  quoteSubject: (number, seller) => `Presupuesto ${number} de ${seller}`,
  viewOnline: "Ver la factura en línea",
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
  buyerReference: "Vostro riferimento",
  purchaseOrder: "Ordine d'acquisto",
  servicePeriod: "Periodo di servizio",
  deliveryDate: "Data di consegna",
  correctedInvoice: "Rettifica la fattura",
  reason: "Motivo",
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
  category: "Categoria",
  rate: "Aliquota",
  taxable: "Imponibile",
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
  payNow: "Paga ora",
  payOnlineNote: "Paga con carta sulla pagina sicura del nostro fornitore di pagamenti.",
  continued: "continua",
  page: (n, of) => `Pagina ${n} di ${of}`,
  status: "Stato",
  statusWords: { sent: "Da pagare", overdue: "Scaduta", paid: "Pagata", void: "Annullata" },
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
  greeting: (name) => `Buongiorno ${name},`,
  invoiceIntro: (number, due) => `Le inviamo la fattura ${number}, in scadenza il ${due}.`,
  reminderIntro: (number, due) => `Le ricordiamo che la fattura ${number} scade il ${due}.`,
  quoteIntro: (number, until) => `Le inviamo il preventivo ${number}, valido fino al ${until}.`,
  invoiceSubject: (number, seller) => `Fattura ${number} da ${seller}`,
  reminderSubject: (number, seller, due) => `Promemoria: fattura ${number} da ${seller}, scadenza ${due}`,
  quoteSubject: (number, seller) => `Preventivo ${number} da ${seller}`,
  viewOnline: "Visualizza la fattura online",
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
  buyerReference: "Uw referentie",
  purchaseOrder: "Inkooporder",
  servicePeriod: "Leveringsperiode",
  deliveryDate: "Leverdatum",
  correctedInvoice: "Corrigeert factuur",
  reason: "Reden",
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
  category: "Categorie",
  rate: "Tarief",
  taxable: "Grondslag",
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
  payNow: "Nu betalen",
  payOnlineNote: "Betaal met uw kaart op de beveiligde pagina van onze betaalprovider.",
  continued: "vervolg",
  page: (n, of) => `Pagina ${n} van ${of}`,
  status: "Status",
  statusWords: { sent: "Openstaand", overdue: "Achterstallig", paid: "Betaald", void: "Geannuleerd" },
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
  greeting: (name) => `Beste ${name},`,
  invoiceIntro: (number, due) => `Hierbij ontvangt u factuur ${number}, te betalen uiterlijk ${due}.`,
  reminderIntro: (number, due) =>
    `Wij herinneren u eraan dat factuur ${number} uiterlijk ${due} betaald moet zijn.`,
  quoteIntro: (number, until) => `Hierbij ontvangt u offerte ${number}, geldig tot ${until}.`,
  invoiceSubject: (number, seller) => `Factuur ${number} van ${seller}`,
  reminderSubject: (number, seller, due) =>
    `Herinnering: factuur ${number} van ${seller}, te betalen uiterlijk ${due}`,
  quoteSubject: (number, seller) => `Offerte ${number} van ${seller}`,
  viewOnline: "Bekijk de factuur online",
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
  buyerReference: "Referencja nabywcy",
  purchaseOrder: "Nr zamówienia",
  servicePeriod: "Okres świadczenia usług",
  deliveryDate: "Data dostawy",
  correctedInvoice: "Korygowana faktura",
  reason: "Przyczyna korekty",
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
  category: "Kategoria",
  rate: "Stawka",
  taxable: "Podstawa",
  rounding: "Zaokrąglenie",
  total: "Razem brutto",
  paid: "Zapłacono",
  credited: "Skorygowano",
  amountDue: "Do zapłaty",
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
  statusWords: { sent: "Do zapłaty", overdue: "Po terminie", paid: "Zapłacona", void: "Anulowana" },
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
  greeting: (name) => `Dzień dobry ${name},`,
  invoiceIntro: (number, due) => `przesyłamy fakturę ${number} z terminem płatności ${due}.`,
  reminderIntro: (number, due) => `przypominamy o fakturze ${number} z terminem płatności ${due}.`,
  quoteIntro: (number, until) => `przesyłamy ofertę ${number}, ważną do ${until}.`,
  invoiceSubject: (number, seller) => `Faktura ${number} od ${seller}`,
  reminderSubject: (number, seller, due) =>
    `Przypomnienie: faktura ${number} od ${seller}, termin płatności ${due}`,
  quoteSubject: (number, seller) => `Oferta ${number} od ${seller}`,
  viewOnline: "Zobacz fakturę online",
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
