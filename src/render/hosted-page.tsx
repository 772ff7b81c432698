// The hosted invoice page (GET /i/{token}): server-rendered HTML with Hono JSX, one inline <style>
// allowed by its hash, no script at all. A pure function of the invoice's issued-document model
// (everything as issued: parties, lines, totals, references, statements, payment instructions)
// and, in a panel of its own, its live standing (payments, credit notes, balance due, status).
import type { Child } from "hono/jsx";
import { addressLines } from "../document/address";
import {
  balanceFigure,
  documentTitle,
  factText,
  issuerName,
  lineFacts,
  owesBack,
  partyIdLines,
  payeeRows,
  referenceFacts,
  refundTerms,
  type SubLineRow,
  shownDueDate,
  statusWord,
  subLineRows,
  taxRepresentativeLines,
} from "../document/facts";
import { type Formatter, formatterFor } from "../document/format";
import { documentLabels, type Labels } from "../document/labels";
import type { InvoiceStanding, IssuedDocument } from "../document/model";
import { balanceOpening, balanceRows, type TotalsRow, totalsRows } from "../document/totals";
import type { Locale, PartySnapshot, SellerSnapshot } from "../document/types";
import { BoundedMap } from "../lib/bounded-map";
import { DEFAULT_BRAND_COLOR, isHexColor } from "../lib/brand-color";
import { toBase64, utf8 } from "../lib/encoding";
import { qrMatrix } from "../lib/epc-qr";

/**
 * A line's description, and under it what the line states besides (its price base, period,
 * charges, discount reason): one box, so the phone layout, which spreads a row heading's parts
 * apart, keeps them stacked. A line without such facts is its bare description, as it always was.
 */
function LineHeading({ line, t, f }: { line: IssuedDocument["lines"][number]; t: Labels; f: Formatter }) {
  const facts = lineFacts(line, t, f);
  if (facts.length === 0) return <>{line.description}</>;
  return (
    <span>
      {line.description}
      {facts.map((fact) => (
        <small class="line-fact">
          {fact.label}: {factText(fact, f.longDate)}
        </small>
      ))}
    </span>
  );
}

/**
 * A sub-invoice line (BG-DEX-01) under its line: its description muted and indented by depth
 * (em spaces, so the page's one stylesheet and its CSP hash stay as they are), its quantity, price
 * and amount in the line's columns; the discount and VAT cells empty.
 */
function SubLineRowView({
  row,
  discountColumn,
  t,
  f,
}: {
  row: SubLineRow;
  discountColumn: boolean;
  t: Labels;
  f: Formatter;
}) {
  return (
    <tr>
      <th scope="row">
        <small class="line-fact">
          {`${"\u2003".repeat(row.depth - 1)}– ${row.description}`}
          {row.facts.map((fact) => ` (${fact.label}: ${factText(fact, f.longDate)})`).join("")}
        </small>
      </th>
      <td class="num" data-label={t.quantity}>
        {row.quantity}
      </td>
      <td class="num" data-label={t.unitPrice}>
        {row.unitPrice}
      </td>
      {discountColumn ? <td class="num" data-label={t.discount}></td> : null}
      <td class="num" data-label={t.vat}></td>
      <td class="num" data-label={t.amount}>
        <small>{row.amount}</small>
      </td>
    </tr>
  );
}

/**
 * The page's CSS; the accent is the seller's brand color (readable on white, src/lib/brand-color.ts),
 * and only ever a `#RRGGBB` inside the stylesheet.
 */
const pageCss = (accent: string) =>
  `
:root{color-scheme:light;--ink:#1a1a1a;--muted:#4a4a4a;--line:#d0d0d0;--accent:${isHexColor(accent) ? accent : DEFAULT_BRAND_COLOR};--bg:#f4f5f7}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:56rem;margin:1.5rem auto;padding:2rem;background:#fff;border:1px solid var(--line);border-top:4px solid var(--accent);border-radius:8px;overflow-wrap:break-word}
h1{font-size:1.75rem;margin:0 0 .25rem;color:var(--accent)}
.logo{display:block;max-width:10rem;max-height:4rem;width:auto;height:auto;margin-bottom:.75rem}
h2{font-size:1.125rem;margin:2rem 0 .75rem;color:var(--accent)}
h3{font-size:1rem;margin:1rem 0 .5rem}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 1rem;align-items:flex-start;margin-bottom:1rem}
header p{margin:.25rem 0}
.status{display:inline-block;padding:.25rem .75rem;border-radius:999px;font-weight:700;border:2px solid currentColor}
.status-sent{color:var(--accent)}.status-overdue{color:#a4000f}.status-paid{color:#1b5e20}.status-void{color:#4a4a4a}
.due{font-size:1.25rem;font-weight:700}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:1.5rem;margin-top:1.5rem}
.parties h2{margin-top:0}
address{font-style:normal;overflow-wrap:anywhere}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.table-wrap{overflow-x:auto}
table{width:100%;border-collapse:collapse}
caption{text-align:left;font-weight:700;padding-bottom:.5rem}
th,td{padding:.5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top;overflow-wrap:break-word;hyphens:auto}
thead th.num{white-space:normal}
.lines tbody th,.lines td{overflow-wrap:anywhere}
.line-fact{display:block;color:var(--muted);font-weight:400;font-size:.875rem}
thead th{border-bottom:2px solid var(--ink)}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{margin-left:auto;max-width:24rem;margin-top:1rem}
.totals th{font-weight:400;color:var(--muted)}
.totals tr.grand th,.totals tr.grand td{font-weight:700;color:var(--ink);border-top:2px solid var(--ink)}
.balance{margin-top:2rem;padding:1rem 1.25rem;border:2px solid var(--accent);border-radius:8px}
.balance h2{margin-top:0}
.balance .totals{margin-top:.5rem}
.balance .table-wrap+.table-wrap{margin-top:1rem}
.pay{display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start}
.qr{text-align:center;margin:0}
.qr svg{width:11rem;height:11rem;display:block}
.qr p{margin:.25rem 0 0;font-size:.875rem;color:var(--muted);max-width:11rem}
.pay-online{margin:0 0 1.5rem}
.pay-online button{font:inherit;font-weight:700;color:#fff;background:var(--accent);border:0;border-radius:6px;padding:.75rem 1.5rem;min-height:44px;cursor:pointer}
.pay-online button:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
.pay-online p{margin:.5rem 0 0;font-size:.875rem;color:var(--muted)}
.more-lines summary{padding:.625rem 0;min-height:44px;box-sizing:border-box;cursor:pointer;font-weight:600;color:var(--accent)}
.more-lines summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.notes{white-space:pre-wrap}
.statement{margin:.5rem 0 0;font-size:.875rem;color:var(--muted)}
.downloads{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.75rem}
.downloads a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:.5rem 1rem;border:2px solid var(--accent);border-radius:6px;color:var(--accent);font-weight:600;text-decoration:none}
.downloads a:hover,.downloads a:focus-visible{background:var(--accent);color:#fff}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
footer{margin-top:2rem;color:var(--muted);font-size:.875rem;white-space:pre-wrap}
@media (max-width:40rem){main{margin:0;padding:1rem;border:0;border-radius:0;border-top:4px solid var(--accent)}h1{font-size:1.5rem}th,td{padding:.4rem .3rem}.balance{padding:.75rem}
thead th{font-size:.875rem;overflow-wrap:anywhere}
.lines thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.lines tr{display:block;padding:.5rem 0;border-bottom:1px solid var(--line)}
.lines th,.lines td{display:flex;justify-content:space-between;gap:1rem;border:0;padding:.1rem 0}
.lines td::before{content:attr(data-label);color:var(--muted);white-space:normal;text-align:left}
.lines td:empty{display:none}.lines td:last-child{font-weight:700}}
@media print{body{background:#fff;font-size:11pt}main{margin:0;padding:0;border:0;max-width:none}h2{color:#000}
.status{border-width:1px}.table-wrap{overflow:visible}.pay-online{display:none}tr{break-inside:avoid}.pay,.qr,.balance{break-inside:avoid}
section[aria-labelledby="downloads"]{display:none}}
`.trim();

/** Hashes per accent color, bounded: an isolate serves few organizations' colors. */
const styleHashes = new BoundedMap<string, Promise<string>>(256);

/**
 * The CSP source of the page's one inline <style> in `accent`: 'sha256-<base64 of its digest>'.
 * Without a color: the default accent's, the policy of every other answer under /i/.
 */
export function styleSource(accent: string = DEFAULT_BRAND_COLOR): Promise<string> {
  let hash = styleHashes.get(accent);
  if (!hash) {
    hash = crypto.subtle
      .digest("SHA-256", utf8(pageCss(accent)))
      .then((digest) => `'sha256-${toBase64(new Uint8Array(digest))}'`);
    styleHashes.set(accent, hash);
  }
  return hash;
}

/**
 * The page's links: where its documents download from (`xml` null when the invoice has no
 * e-invoice), and where Pay now posts (null when no payment provider is connected).
 */
export interface HostedDownloads {
  pdf: string;
  xml: string | null;
  pay?: string | null;
}

/** The seller's logo: where the page loads it from (same origin) and its size in pixels. */
export interface HostedLogo {
  url: string;
  width: number;
  height: number;
}

function Lines({ lines }: { lines: readonly string[] }) {
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
  party,
  legalName,
  email,
  details = [],
  t,
  locale,
}: {
  heading: string;
  id: string;
  party: PartySnapshot | SellerSnapshot;
  legalName?: string | null;
  email?: string | null;
  /** Identifiers and the tax representative, after the VAT id. */
  details?: string[];
  t: Labels;
  locale: Locale;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <address>
        <strong>{party.name}</strong>
        <br />
        {legalName && legalName !== party.name ? <Lines lines={[legalName]} /> : null}
        <Lines lines={addressLines(party.address, locale)} />
        {party.vat_id ? <Lines lines={[`${t.vatId}: ${party.vat_id}`]} /> : null}
        {details.length > 0 ? <Lines lines={details} /> : null}
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

const Day = ({ iso, f }: { iso: string; f: Formatter }) => (
  <time datetime={iso.slice(0, 10)}>{f.longDate(iso)}</time>
);

function Fact({ term, children }: { term: string; children: Child }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A small captioned table of the balance panel: its column heads, then the rows given. */
function ListTable({
  id,
  caption,
  heads,
  children,
}: {
  id: string;
  caption: string;
  heads: { label: string; num?: boolean }[];
  children: Child;
}) {
  return (
    <div class="table-wrap">
      <table aria-labelledby={id}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {heads.map((head) => (
              <th scope="col" class={head.num ? "num" : undefined}>
                {head.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The rows of a totals table (src/document/totals.ts): the emphasized ones bold, under a rule. */
function TotalsTable({ caption, rows }: { caption: string; rows: readonly TotalsRow[] }) {
  return (
    <table class="totals">
      <caption class="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr class={row.emphasis ? "grand" : undefined}>
            <th scope="row">{row.label}</th>
            <td class="num">{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Payments and credit notes since issue, and what is left to pay: live, beside the document. */
function BalancePanel({
  doc,
  live,
  t,
  f,
}: {
  doc: IssuedDocument;
  live: InvoiceStanding;
  t: Labels;
  f: Formatter;
}) {
  return (
    <section class="balance" aria-labelledby="balance">
      <h2 id="balance">{t.balance}</h2>
      {live.payments.length > 0 ? (
        <ListTable
          id="payments"
          caption={t.payments}
          heads={[{ label: t.date }, { label: t.method }, { label: t.amount, num: true }]}
        >
          {live.payments.map((payment) => (
            <tr>
              <td>
                <Day iso={payment.receivedAt} f={f} />
              </td>
              <td>{t.methods[payment.method as keyof Labels["methods"]] ?? payment.method}</td>
              <td class="num">{f.money(payment.amountMinor)}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {live.creditNotes.length > 0 ? (
        <ListTable
          id="credit-notes"
          caption={t.creditNotes}
          heads={[{ label: t.number }, { label: t.date }, { label: t.amount, num: true }]}
        >
          {live.creditNotes.map((note) => (
            <tr>
              <th scope="row">{note.number}</th>
              <td>
                <Day iso={note.issueDate} f={f} />
              </td>
              <td class="num">{f.money(note.amountMinor)}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {/* Paid: what the payments listed above brought in; what was paid back since is a row of its own. */}
      <TotalsTable
        caption={t.balanceDue}
        rows={[
          balanceOpening(doc, t, f),
          ...balanceRows(
            doc,
            {
              paidMinor: live.receivedMinor,
              creditedMinor: live.creditedMinor,
              refundedMinor: live.refundedMinor,
              dueMinor: live.dueMinor,
            },
            t,
            f,
          ),
        ]}
      />
    </section>
  );
}

/**
 * The lines shown before the rest fold away behind "Show all N lines" (a <details>, no script): a
 * line stacks to about 140 px on a phone, so a 1,000-line invoice would otherwise put its totals
 * and payment 140,000 px down; ten lines keep them within two screens.
 */
const HOSTED_LINES = 10;

/** A table of lines (the first HOSTED_LINES, or the rest), each with its sub-lines. */
function LinesTable({
  lines,
  discountColumn,
  t,
  f,
}: {
  lines: IssuedDocument["lines"];
  discountColumn: boolean;
  t: Labels;
  f: Formatter;
}) {
  return (
    <div class="table-wrap">
      <table class="lines" aria-labelledby="lines">
        <thead>
          <tr>
            <th scope="col">{t.description}</th>
            <th scope="col" class="num">
              {t.quantity}
            </th>
            <th scope="col" class="num">
              {t.unitPrice}
            </th>
            {discountColumn ? (
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
          {lines.map((line) => (
            <>
              <tr>
                <th scope="row">
                  <LineHeading line={line} t={t} f={f} />
                </th>
                <td class="num" data-label={t.quantity}>
                  {f.quantityWithUnit(line.quantity, line.unitCode)}
                </td>
                <td class="num" data-label={t.unitPrice}>
                  {f.unitPrice(line)}
                </td>
                {discountColumn ? (
                  <td class="num" data-label={t.discount}>
                    {line.discountMinor ? f.deduction(line.discountMinor) : ""}
                  </td>
                ) : null}
                <td class="num" data-label={t.vat}>
                  {line.percentScaled === null ? "" : f.percent(line.percentScaled)}
                </td>
                <td class="num" data-label={t.amount}>
                  {f.money(line.amountMinor)}
                </td>
              </tr>
              {subLineRows(line, t, f).map((row) => (
                <SubLineRowView row={row} discountColumn={discountColumn} t={t} f={f} />
              ))}
            </>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HostedInvoicePage({
  doc,
  live,
  downloads,
  logo = null,
}: {
  doc: IssuedDocument;
  live: InvoiceStanding;
  downloads: HostedDownloads;
  logo?: HostedLogo | null;
}) {
  const { seller, buyer } = doc;
  const t = documentLabels(doc.locale, seller.address?.country);
  const f = formatterFor(doc.locale, doc.currency);
  const number = doc.number ?? "";
  const sellerName = issuerName(doc);
  const hasDiscounts = doc.lines.some((line) => line.discountMinor !== 0);
  const payment = doc.payment;
  const balance = balanceFigure(doc, live.dueMinor, t);
  const dueDate = shownDueDate(doc);
  const terms = refundTerms(doc);
  // The balance panel, once something happened since issue: before, the header says what is due.
  const changedSinceIssue =
    live.payments.length > 0 ||
    live.creditNotes.length > 0 ||
    live.paidMinor !== 0 ||
    live.creditedMinor !== 0;

  return (
    <html lang={doc.locale}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${documentTitle(doc, t)} ${number} · ${sellerName}`}</title>
        <style dangerouslySetInnerHTML={{ __html: pageCss(doc.brandColor) }} />
      </head>
      <body>
        <main>
          <header>
            <div>
              {logo ? (
                <img class="logo" src={logo.url} alt={sellerName} width={logo.width} height={logo.height} />
              ) : null}
              <h1>
                {documentTitle(doc, t)} {number}
              </h1>
              <p>{sellerName}</p>
            </div>
            <div>
              <p>
                <span class={`status status-${live.status}`}>
                  {t.status}: {statusWord(doc, live.status, t)}
                </span>
              </p>
              {live.acceptsPayment || owesBack(doc) ? (
                <p class="due">
                  {balance.label}: {f.money(balance.amountMinor)}
                </p>
              ) : live.paidAt ? (
                <p class="paid-on">{t.paidOn(f.longDate(live.paidAt))}</p>
              ) : (
                <p>{t.nothingDue}</p>
              )}
            </div>
          </header>

          <dl class="facts">
            <Fact term={t.number}>{number}</Fact>
            {doc.issueDate ? (
              <Fact term={t.issueDate}>
                <Day iso={doc.issueDate} f={f} />
              </Fact>
            ) : null}
            {dueDate ? (
              <Fact term={t.dueDate}>
                <Day iso={dueDate} f={f} />
              </Fact>
            ) : null}
            {referenceFacts(doc, t).map((fact) => (
              <Fact term={fact.label}>
                {fact.parts.map((part) => (typeof part === "string" ? part : <Day iso={part.day} f={f} />))}
              </Fact>
            ))}
          </dl>

          <div class="parties">
            <Party
              heading={t.seller}
              id="seller"
              party={seller}
              legalName={seller.legal_name}
              email={seller.email}
              details={[
                // The page has never listed the seller's company id; it does once a scheme qualifies it.
                ...partyIdLines(
                  {
                    company_id: seller.company_id_scheme ? seller.company_id : null,
                    company_id_scheme: seller.company_id_scheme,
                    identifier: seller.seller_identifier,
                    additional_identifiers: seller.additional_seller_identifiers,
                  },
                  t,
                ),
                ...taxRepresentativeLines(seller.tax_representative, t),
              ]}
              t={t}
              locale={doc.locale}
            />
            <Party
              heading={t.buyer}
              id="buyer"
              party={buyer}
              details={partyIdLines(buyer, t)}
              t={t}
              locale={doc.locale}
            />
          </div>

          <h2 id="lines">{t.lines}</h2>
          <LinesTable lines={doc.lines.slice(0, HOSTED_LINES)} discountColumn={hasDiscounts} t={t} f={f} />
          {doc.lines.length > HOSTED_LINES ? (
            <details class="more-lines">
              <summary>{t.showAllLines(f.count(doc.lines.length))}</summary>
              <LinesTable lines={doc.lines.slice(HOSTED_LINES)} discountColumn={hasDiscounts} t={t} f={f} />
            </details>
          ) : null}

          <TotalsTable caption={t.total} rows={totalsRows(doc, t, f)} />

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
                {doc.breakdown.map((entry) => (
                  <tr>
                    <th scope="row">
                      {f.percent(entry.percentScaled)}
                      {entry.category ? ` (${entry.category})` : ""}
                    </th>
                    <td class="num">{f.money(entry.taxableMinor)}</td>
                    <td class="num">{f.money(entry.taxMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {doc.statements.map((statement) => (
            <p class="statement">{statement}</p>
          ))}

          {changedSinceIssue ? <BalancePanel doc={doc} live={live} t={t} f={f} /> : null}

          {live.acceptsPayment && (payment?.iban || downloads.pay) ? (
            <section aria-labelledby="payment">
              <h2 id="payment">{t.payment}</h2>
              {downloads.pay ? (
                <form class="pay-online" method="post" action={downloads.pay}>
                  <button type="submit">
                    {t.payNow}: {f.money(live.dueMinor)}
                  </button>
                  <p>{t.payOnlineNote}</p>
                </form>
              ) : null}
              {payment?.iban ? (
                <div class="pay">
                  <dl class="facts">
                    {payment.accountName ? <Fact term={t.accountHolder}>{payment.accountName}</Fact> : null}
                    <Fact term={t.iban}>{f.iban(payment.iban)}</Fact>
                    {payment.bic ? <Fact term={t.bic}>{payment.bic}</Fact> : null}
                    {payment.reference ? <Fact term={t.paymentReference}>{payment.reference}</Fact> : null}
                    <Fact term={t.balanceDue}>{f.money(live.dueMinor)}</Fact>
                    {payment.terms ? <Fact term={t.paymentTerms}>{payment.terms}</Fact> : null}
                    {payeeRows(doc, t).map(([term, value]) => (
                      <Fact term={term}>{value}</Fact>
                    ))}
                  </dl>
                  {live.epcPayload ? (
                    <figure class="qr">
                      <EpcQr payload={live.epcPayload} label={t.qrLabel} />
                      <figcaption>
                        <p>{t.scanToPay}</p>
                      </figcaption>
                    </figure>
                  ) : null}
                </div>
              ) : null}
            </section>
          ) : null}

          {/* How an invoice that owes back refunds: its terms, with no payment section to carry them. */}
          {terms ? (
            <section aria-labelledby="payment">
              <h2 id="payment">{t.payment}</h2>
              <dl class="facts">
                <Fact term={t.paymentTerms}>{terms}</Fact>
              </dl>
            </section>
          ) : null}

          {doc.notes ? (
            <section aria-labelledby="notes">
              <h2 id="notes">{t.notes}</h2>
              <p class="notes">{doc.notes}</p>
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

          {doc.footer ? <footer>{doc.footer}</footer> : null}
        </main>
      </body>
    </html>
  );
}

/** The whole document, doctype first. */
export async function renderHostedInvoicePage(
  doc: IssuedDocument,
  live: InvoiceStanding,
  downloads: HostedDownloads,
  logo: HostedLogo | null = null,
): Promise<string> {
  const page = <HostedInvoicePage doc={doc} live={live} downloads={downloads} logo={logo} />;
  return `<!doctype html>${await page.toString()}`;
}
