// The hosted invoice page (GET /i/{token}): server-rendered HTML with Hono JSX, one inline
// <style> allowed by its hash, no script at all. Everything shown comes from the issued invoice
// (its seller and buyer snapshots, lines and totals); the words follow the seller's locale.
import type { Organization } from "../../db/schema/identity";
import { LOCALES, type Locale } from "../../db/schema/identity";
import type { Invoice, InvoiceItem, PartySnapshot, SellerSnapshot } from "../../db/schema/invoices";
import { toBase64, utf8 } from "../../lib/encoding";
import { epcAmountFits, epcPayload, qrMatrix } from "../../lib/epc-qr";
import { currencyExponent, decimalString, percentageToNumber, QUANTITY_DECIMALS } from "../../lib/money";
import { quantityWithUnit, unitLabel } from "../../lib/units";
import { vatStatementLines } from "../../lib/vat-statements";
import { amountDueMinor, effectiveStatus } from "../../services/invoices/read";
import { canReceivePayment } from "../../services/lifecycle";
import { billingProfileOf } from "../../services/organization";
import { type PageLabels, pageLabels } from "./labels";

const CSS = `
:root{color-scheme:light;--ink:#1a1a1a;--muted:#4a4a4a;--line:#d0d0d0;--accent:#0b4f8a;--bg:#f4f5f7}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:56rem;margin:1.5rem auto;padding:2rem;background:#fff;border:1px solid var(--line);border-radius:8px}
h1{font-size:1.75rem;margin:0 0 .25rem}
h2{font-size:1.125rem;margin:2rem 0 .75rem;color:var(--accent)}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem;align-items:flex-start;margin-bottom:1rem}
.status{display:inline-block;padding:.25rem .75rem;border-radius:999px;font-weight:700;border:2px solid currentColor}
.status-sent{color:#0b4f8a}.status-overdue{color:#a4000f}.status-paid{color:#1b5e20}.status-void{color:#4a4a4a}
.due{font-size:1.25rem;font-weight:700;margin:.5rem 0 0}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:1.5rem;margin-top:1.5rem}
.parties h2{margin-top:0}
address{font-style:normal}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;font-weight:600}
.table-wrap{overflow-x:auto}
table{width:100%;border-collapse:collapse}
caption{text-align:left;font-weight:700;padding-bottom:.5rem}
th,td{padding:.5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
thead th{border-bottom:2px solid var(--ink)}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{margin-left:auto;max-width:24rem;margin-top:1rem}
.totals th{font-weight:400;color:var(--muted)}
.totals tr.grand th,.totals tr.grand td{font-weight:700;color:var(--ink);border-top:2px solid var(--ink)}
.pay{display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start}
.qr{text-align:center}
.qr svg{width:11rem;height:11rem;display:block}
.qr p{margin:.25rem 0 0;font-size:.875rem;color:var(--muted);max-width:11rem}
.notes{white-space:pre-wrap}
.statement{margin:.5rem 0 0;font-size:.875rem;color:var(--muted)}
.downloads{padding-left:1.25rem}.downloads a{color:var(--accent)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
footer{margin-top:2rem;color:var(--muted);font-size:.875rem;white-space:pre-wrap}
@media (max-width:40rem){main{margin:0;padding:1rem;border:0;border-radius:0}h1{font-size:1.5rem}th,td{padding:.4rem .3rem}}
@media print{body{background:#fff;font-size:11pt}main{margin:0;padding:0;border:0;max-width:none}h2{color:#000}
.status{border-width:1px}.table-wrap{overflow:visible}tr{break-inside:avoid}.pay,.qr{break-inside:avoid}
section[aria-labelledby="downloads"]{display:none}}
`.trim();

let styleHash: Promise<string> | undefined;
/** The CSP source of the one inline <style>: 'sha256-<base64 of its digest>'. */
export function styleSource(): Promise<string> {
  styleHash ??= crypto.subtle
    .digest("SHA-256", utf8(CSS))
    .then((digest) => `'sha256-${toBase64(new Uint8Array(digest))}'`);
  return styleHash;
}

export interface HostedPageData {
  invoice: Invoice;
  items: readonly InvoiceItem[];
  organization: Organization;
  today: string;
  /** Where the page's documents download from; `xml` null when the invoice has no e-invoice. */
  downloads: { pdf: string; xml: string | null };
}

type PageStatus = "sent" | "overdue" | "paid" | "void";

function localeOf(seller: SellerSnapshot | null, organization: Organization): Locale {
  const wanted = seller?.locale ?? billingProfileOf(organization).locale;
  return (LOCALES as readonly string[]).includes(wanted) ? (wanted as Locale) : "en";
}

function formatters(locale: Locale, currency: string) {
  const exponent = currencyExponent(currency);
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: QUANTITY_DECIMALS });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return {
    // A decimal string keeps every digit exactly (Intl formats strings without a float detour).
    money: (minor: number) => money.format(decimalString(minor, exponent) as unknown as number),
    quantity: (scaled: number) =>
      quantity.format(decimalString(scaled, QUANTITY_DECIMALS) as unknown as number),
    percent: (scaled: number) => `${percent.format(percentageToNumber(scaled))} %`,
    date: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
  };
}

function AddressLines({ address }: { address: PartySnapshot["address"] | null | undefined }) {
  if (!address) return null;
  const cityLine = [address.postal_code, address.city].filter(Boolean).join(" ");
  const lines = [address.line1, address.line2, cityLine, address.region, address.country].filter(
    (line): line is string => Boolean(line),
  );
  return (
    <>
      {lines.map((line) => (
        <>
          {line}
          <br />
        </>
      ))}
    </>
  );
}

function Party({
  heading,
  id,
  name,
  legalName,
  address,
  vatId,
  email,
  labels,
}: {
  heading: string;
  id: string;
  name: string;
  legalName?: string | null;
  address: PartySnapshot["address"] | null | undefined;
  vatId: string | null | undefined;
  email?: string | null;
  labels: PageLabels;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <address>
        <strong>{name}</strong>
        <br />
        {legalName && legalName !== name ? (
          <>
            {legalName}
            <br />
          </>
        ) : null}
        <AddressLines address={address} />
        {vatId ? (
          <>
            {labels.vatId}: {vatId}
            <br />
          </>
        ) : null}
        {email ? email : null}
      </address>
    </section>
  );
}

/** The EPC QR code as an inline SVG: one <rect> per run of dark modules in a row, a 4-module quiet zone. */
function EpcQr({ payload, label }: { payload: string; label: string }) {
  const matrix = qrMatrix(payload);
  const size = matrix.length + 8;
  const rects = matrix.flatMap((row, y) => {
    const runs: { x: number; width: number }[] = [];
    row.forEach((dark, x) => {
      if (!dark) return;
      const last = runs.at(-1);
      if (last && last.x + last.width === x) last.width++;
      else runs.push({ x, width: 1 });
    });
    return runs.map((run) => <rect x={run.x + 4} y={y + 4} width={run.width} height="1" />);
  });
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shape-rendering="crispEdges"
      data-epc-qr=""
    >
      <rect width={size} height={size} fill="#fff" />
      <g fill="#000">{rects}</g>
    </svg>
  );
}

export function HostedInvoicePage({ invoice, items, organization, today, downloads }: HostedPageData) {
  const seller: SellerSnapshot = invoice.seller ?? {
    name: organization.name,
    ...billingProfileOf(organization),
  };
  const buyer = invoice.buyer;
  const locale = localeOf(invoice.seller, organization);
  const t = pageLabels(locale, seller.address?.country);
  const f = formatters(locale, invoice.currency);
  const status = effectiveStatus(invoice, today) as PageStatus;
  const due = amountDueMinor(invoice);
  const payable = canReceivePayment(status, due);
  const breakdown = invoice.totalsDetail.breakdown;
  const statements = vatStatementLines(breakdown, locale);
  const hasDiscounts = invoice.discountTotalMinor !== 0 || items.some((item) => item.discountMinor !== 0);
  const holder = seller.account_holder ?? seller.legal_name ?? seller.name;
  const qr =
    payable && invoice.currency === "EUR" && seller.iban && epcAmountFits(due)
      ? epcPayload({
          name: holder,
          iban: seller.iban,
          bic: seller.bic ?? null,
          amountMinor: due,
          reference: invoice.number,
        })
      : null;
  const title = `${t.invoice} ${invoice.number} · ${seller.trading_name ?? seller.name}`;

  return (
    <html lang={locale}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <main>
          <header>
            <div>
              <h1>
                {t.invoice} {invoice.number}
              </h1>
              <p>{seller.trading_name ?? seller.name}</p>
            </div>
            <div>
              <p>
                <span class={`status status-${status}`}>
                  {t.status}: {t.statusWords[status]}
                </span>
              </p>
              {payable ? (
                <p class="due">
                  {t.amountDue}: {f.money(due)}
                </p>
              ) : (
                <p>{t.nothingDue}</p>
              )}
            </div>
          </header>

          <dl class="facts">
            <dt>{t.number}</dt>
            <dd>{invoice.number}</dd>
            {invoice.issueDate ? (
              <>
                <dt>{t.issueDate}</dt>
                <dd>
                  <time datetime={invoice.issueDate}>{f.date(invoice.issueDate)}</time>
                </dd>
              </>
            ) : null}
            <dt>{t.dueDate}</dt>
            <dd>
              <time datetime={invoice.dueDate}>{f.date(invoice.dueDate)}</time>
            </dd>
          </dl>

          <div class="parties">
            <Party
              heading={t.from}
              id="seller"
              name={seller.name}
              legalName={seller.legal_name}
              address={seller.address}
              vatId={seller.vat_id}
              email={seller.email}
              labels={t}
            />
            {buyer ? (
              <Party
                heading={t.billedTo}
                id="buyer"
                name={buyer.name}
                address={buyer.address}
                vatId={buyer.vat_id}
                labels={t}
              />
            ) : null}
          </div>

          <h2 id="lines">{t.lines}</h2>
          <div class="table-wrap">
            <table aria-labelledby="lines">
              <thead>
                <tr>
                  <th scope="col">{t.description}</th>
                  <th scope="col" class="num">
                    {t.quantity}
                  </th>
                  <th scope="col" class="num">
                    {t.unitPrice}
                  </th>
                  {hasDiscounts ? (
                    <th scope="col" class="num">
                      {t.discount}
                    </th>
                  ) : null}
                  <th scope="col" class="num">
                    {t.vat}
                  </th>
                  <th scope="col" class="num">
                    {t.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr>
                    <th scope="row">{item.description}</th>
                    <td class="num">
                      {quantityWithUnit(f.quantity(item.quantity), unitLabel(item.unitCode, locale))}
                    </td>
                    <td class="num">{f.money(item.unitPriceMinor)}</td>
                    {hasDiscounts ? (
                      <td class="num">{item.discountMinor ? `−${f.money(item.discountMinor)}` : ""}</td>
                    ) : null}
                    <td class="num">
                      {item.taxPercentScaled === null ? "" : f.percent(item.taxPercentScaled)}
                    </td>
                    <td class="num">{f.money(item.netMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <table class="totals">
            <caption class="visually-hidden">{t.total}</caption>
            <tbody>
              <tr>
                <th scope="row">{t.subtotal}</th>
                <td class="num">{f.money(invoice.subtotalMinor)}</td>
              </tr>
              {invoice.discountTotalMinor ? (
                <tr>
                  <th scope="row">{t.discount}</th>
                  <td class="num">−{f.money(invoice.discountTotalMinor)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row">{t.netTotal}</th>
                <td class="num">{f.money(invoice.taxExclusiveMinor)}</td>
              </tr>
              <tr>
                <th scope="row">{t.vat}</th>
                <td class="num">{f.money(invoice.taxTotalMinor)}</td>
              </tr>
              <tr class="grand">
                <th scope="row">{t.total}</th>
                <td class="num">{f.money(invoice.totalMinor)}</td>
              </tr>
              {invoice.amountPaidMinor ? (
                <tr>
                  <th scope="row">{t.paid}</th>
                  <td class="num">−{f.money(invoice.amountPaidMinor)}</td>
                </tr>
              ) : null}
              {invoice.amountCreditedMinor ? (
                <tr>
                  <th scope="row">{t.credited}</th>
                  <td class="num">−{f.money(invoice.amountCreditedMinor)}</td>
                </tr>
              ) : null}
              <tr class="grand">
                <th scope="row">{t.amountDue}</th>
                <td class="num">{f.money(due)}</td>
              </tr>
            </tbody>
          </table>

          <h2 id="vat">{t.vatBreakdown}</h2>
          <div class="table-wrap">
            <table aria-labelledby="vat">
              <thead>
                <tr>
                  <th scope="col">{t.rate}</th>
                  <th scope="col" class="num">
                    {t.taxable}
                  </th>
                  <th scope="col" class="num">
                    {t.vat}
                  </th>
                </tr>
              </thead>
              <tbody>
                {breakdown.map((entry) => (
                  <tr>
                    <th scope="row">
                      {f.percent(entry.percent_scaled)}
                      {entry.category ? ` (${entry.category})` : ""}
                    </th>
                    <td class="num">{f.money(entry.taxable_minor)}</td>
                    <td class="num">{f.money(entry.tax_minor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {statements.map((statement) => (
            <p class="statement">{statement}</p>
          ))}

          {payable && seller.iban ? (
            <section aria-labelledby="payment">
              <h2 id="payment">{t.payment}</h2>
              <div class="pay">
                <dl class="facts">
                  <dt>{t.accountHolder}</dt>
                  <dd>{holder}</dd>
                  <dt>{t.iban}</dt>
                  <dd>{seller.iban.replace(/(.{4})(?=.)/g, "$1 ")}</dd>
                  {seller.bic ? (
                    <>
                      <dt>{t.bic}</dt>
                      <dd>{seller.bic}</dd>
                    </>
                  ) : null}
                  <dt>{t.reference}</dt>
                  <dd>{invoice.number}</dd>
                  <dt>{t.amountDue}</dt>
                  <dd>{f.money(due)}</dd>
                </dl>
                {qr ? (
                  <figure class="qr">
                    <EpcQr payload={qr} label={t.qrLabel} />
                    <figcaption>
                      <p>{t.scanToPay}</p>
                    </figcaption>
                  </figure>
                ) : null}
              </div>
            </section>
          ) : null}

          {invoice.notes ? (
            <section aria-labelledby="notes">
              <h2 id="notes">{t.notes}</h2>
              <p class="notes">{invoice.notes}</p>
            </section>
          ) : null}

          <section aria-labelledby="downloads">
            <h2 id="downloads">{t.downloads}</h2>
            <ul class="downloads">
              <li>
                <a href={downloads.pdf}>{t.downloadPdf}</a>
              </li>
              {downloads.xml ? (
                <li>
                  <a href={downloads.xml}>{t.downloadXml}</a>
                </li>
              ) : null}
            </ul>
          </section>

          {seller.invoice_footer ? <footer>{seller.invoice_footer}</footer> : null}
        </main>
      </body>
    </html>
  );
}

/** The whole document, doctype first. */
export async function renderHostedInvoicePage(data: HostedPageData): Promise<string> {
  return `<!doctype html>${await (<HostedInvoicePage {...data} />).toString()}`;
}
