// The few e-mail-safe building blocks every e-mail is made of: a single column at most 600 px
// wide, laid out with tables (what Outlook's Word engine and every webmail lay out alike), every
// style inline (Gmail drops most <style>), system fonts, no background image. The one <style>
// block only darkens the colours for clients in dark mode that honour it; clients that ignore it
// show the light design, which stays legible when they invert it themselves.
import type { Child } from "hono/jsx";

export const INK = "#1a1a1a";
export const MUTED = "#4a4a4a";
export const RULE = "#d0d0d0";
const PAGE = "#f4f5f7";
const FONT = `-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif`;

const DARK_CSS =
  ":root{color-scheme:light dark;supported-color-schemes:light dark}" +
  "@media (prefers-color-scheme:dark){" +
  ".e-page{background:#111418!important}" +
  // The card's sides only: its top rule stays in the brand colour.
  ".e-card{background:#1c1f24!important;border-left-color:#3a3f47!important;" +
  "border-right-color:#3a3f47!important;border-bottom-color:#3a3f47!important}" +
  ".e-ink{color:#e8eaed!important}" +
  ".e-muted{color:#b8bdc5!important}" +
  ".e-rule{border-color:#3a3f47!important}" +
  ".e-link{color:#9cc3ff!important}}" +
  // Outlook.com's dark mode marks its own rewrite with data-ogsc.
  "[data-ogsc] .e-ink{color:#e8eaed!important}[data-ogsc] .e-muted{color:#b8bdc5!important}";

/** A hidden first line: the preview inbox lists show after the subject, padded so nothing else follows. */
function Preheader({ text }: { text: string }) {
  return (
    <div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px">
      {text}
      {"\u00a0\u200c".repeat(40)}
    </div>
  );
}

export function EmailDocument(props: {
  locale: string;
  title: string;
  preheader: string;
  brandColor: string;
  children: Child;
}) {
  return (
    <html lang={props.locale} dir="ltr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{props.title}</title>
        <style dangerouslySetInnerHTML={{ __html: DARK_CSS }} />
      </head>
      <body class="e-page" style={`margin:0;padding:0;background:${PAGE};-webkit-text-size-adjust:100%`}>
        <Preheader text={props.preheader} />
        <table
          role="presentation"
          width="100%"
          cellpadding={0}
          cellspacing={0}
          border={0}
          class="e-page"
          style={`background:${PAGE}`}
        >
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding={0}
                cellspacing={0}
                border={0}
                class="e-card"
                style={`max-width:600px;background:#ffffff;border:1px solid ${RULE};border-top:4px solid ${props.brandColor};border-radius:8px`}
              >
                {props.children}
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>
  );
}

/** One full-width row of the card. */
export function Section(props: { children: Child; padding?: string }) {
  return (
    <tr>
      <td style={`padding:${props.padding ?? "0 24px 16px"};font-family:${FONT}`}>{props.children}</td>
    </tr>
  );
}

/** The seller's logo, or its name in the brand colour when it has none. */
export function Brand(props: { name: string; logoUrl: string | null; brandColor: string }) {
  return props.logoUrl ? (
    <img
      src={props.logoUrl}
      alt={props.name}
      height={48}
      style={`display:block;height:48px;width:auto;max-width:240px;border:0;outline:none;color:${props.brandColor};font:700 20px ${FONT}`}
    />
  ) : (
    <div class="e-link" style={`color:${props.brandColor};font:700 20px/1.3 ${FONT}`}>
      {props.name}
    </div>
  );
}

export function Paragraph(props: { children: Child; muted?: boolean }) {
  return (
    <p
      class={props.muted ? "e-muted" : "e-ink"}
      style={`margin:0 0 12px;color:${props.muted ? MUTED : INK};font:16px/1.5 ${FONT};white-space:pre-line`}
    >
      {props.children}
    </p>
  );
}

export function Heading(props: { children: Child; brandColor: string }) {
  return (
    <h2 class="e-link" style={`margin:8px 0 8px;color:${props.brandColor};font:700 18px/1.3 ${FONT}`}>
      {props.children}
    </h2>
  );
}

/** Label and value side by side, the value right-aligned; a grand figure in bold above a rule. */
export function FigureRows(props: {
  rows: { label: string; value: string; grand?: boolean }[];
  align?: "right" | "left";
}) {
  return (
    <table role="presentation" width="100%" cellpadding={0} cellspacing={0} border={0}>
      {props.rows.map((row) => {
        const weight = row.grand ? "700" : "400";
        const border = row.grand ? `border-top:1px solid ${RULE};` : "";
        // Amounts stay on one line; details (an IBAN, a reason) wrap rather than widen the card.
        const wrap = props.align === "left" ? "word-break:break-word" : "white-space:nowrap";
        return (
          <tr>
            <td
              class="e-muted e-rule"
              style={`${border}padding:4px 8px 4px 0;color:${MUTED};font:${weight} 15px/1.4 ${FONT}`}
            >
              {row.label}
            </td>
            <td
              class="e-ink e-rule"
              align={props.align ?? "right"}
              style={`${border}padding:4px 0;color:${INK};font:${weight} 15px/1.4 ${FONT};${wrap}`}
            >
              {row.value}
            </td>
          </tr>
        );
      })}
    </table>
  );
}

/** The lines: description over its quantity and price, the amount on the right (fits a phone). */
export function LineRows(props: { lines: { description: string; detail: string; amount: string }[] }) {
  return (
    <table role="presentation" width="100%" cellpadding={0} cellspacing={0} border={0}>
      {props.lines.map((line) => (
        <tr>
          <td
            class="e-rule"
            style={`padding:8px 8px 8px 0;border-bottom:1px solid ${RULE};vertical-align:top`}
          >
            <div class="e-ink" style={`color:${INK};font:600 15px/1.4 ${FONT};white-space:pre-line`}>
              {line.description}
            </div>
            <div class="e-muted" style={`color:${MUTED};font:14px/1.4 ${FONT}`}>
              {line.detail}
            </div>
          </td>
          <td
            class="e-ink e-rule"
            align="right"
            style={`padding:8px 0;border-bottom:1px solid ${RULE};vertical-align:top;color:${INK};font:15px/1.4 ${FONT};white-space:nowrap`}
          >
            {line.amount}
          </td>
        </tr>
      ))}
    </table>
  );
}

/** A bulletproof button: a padded link inside a coloured cell (at least 44 px tall to tap). */
export function Button(props: { url: string; label: string; brandColor: string }) {
  return (
    <table role="presentation" cellpadding={0} cellspacing={0} border={0} style="margin:4px 0 12px">
      <tr>
        <td
          align="center"
          bgcolor={props.brandColor}
          style={`border-radius:6px;background:${props.brandColor}`}
        >
          <a
            href={props.url}
            style={`display:inline-block;padding:12px 24px;min-height:20px;color:#ffffff;font:700 16px/20px ${FONT};text-decoration:none;border-radius:6px`}
          >
            {props.label}
          </a>
        </td>
      </tr>
    </table>
  );
}

export function TextLink(props: { url: string; label: string; brandColor: string }) {
  return (
    <p style={`margin:0 0 12px;font:16px/1.5 ${FONT}`}>
      <a href={props.url} class="e-link" style={`color:${props.brandColor};text-decoration:underline`}>
        {props.label}
      </a>
    </p>
  );
}

/** The legal footer: small, muted, above a rule. */
export function Fineprint(props: { children: Child }) {
  return (
    <p
      class="e-muted e-rule"
      style={`margin:0;padding-top:12px;border-top:1px solid ${RULE};color:${MUTED};font:12px/1.5 ${FONT};white-space:pre-line`}
    >
      {props.children}
    </p>
  );
}
