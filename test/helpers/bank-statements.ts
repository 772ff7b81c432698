// Bank statement files for tests, written the way banks write them: CAMT.053 (the ISO 20022
// schema's element order, .001.02 or .001.08 flavour) and MT940 (SWIFT fields, German ?-subfield
// or SWIFT /CODE/ details).
export interface TestEntry {
  amount: number;
  /** CRDT (default) or DBIT. */
  debit?: boolean;
  name?: string;
  iban?: string;
  text?: string;
  structured?: string;
  endToEnd?: string;
  bankRef?: string;
  date?: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function camt053(
  entries: readonly TestEntry[],
  options: { version?: "02" | "08"; iban?: string; id?: string } = {},
): string {
  const version = options.version ?? "02";
  const iban = options.iban ?? "DE89370400440532013000";
  const party = (tag: string, name: string | undefined) =>
    name
      ? version === "08"
        ? `<${tag}><Pty><Nm>${esc(name)}</Nm></Pty></${tag}>`
        : `<${tag}><Nm>${esc(name)}</Nm></${tag}>`
      : "";
  const status = version === "08" ? "<Sts><Cd>BOOK</Cd></Sts>" : "<Sts>BOOK</Sts>";
  const ntries = entries
    .map((e) => {
      const cd = e.debit ? "DBIT" : "CRDT";
      const date = e.date ?? "2026-11-20";
      const counter = e.debit ? "Cdtr" : "Dbtr";
      return `
      <Ntry>
        ${e.bankRef ? `<NtryRef>${esc(e.bankRef)}</NtryRef>` : ""}
        <Amt Ccy="EUR">${e.amount.toFixed(2)}</Amt>
        <CdtDbtInd>${cd}</CdtDbtInd>
        ${status}
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        ${e.bankRef ? `<AcctSvcrRef>${esc(e.bankRef)}</AcctSvcrRef>` : ""}
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>${e.endToEnd ? `<EndToEndId>${esc(e.endToEnd)}</EndToEndId>` : "<EndToEndId>NOTPROVIDED</EndToEndId>"}</Refs>
            ${version === "08" ? `<Amt Ccy="EUR">${e.amount.toFixed(2)}</Amt><CdtDbtInd>${cd}</CdtDbtInd>` : ""}
            <RltdPties>
              ${party(counter, e.name)}
              ${e.iban ? `<${counter}Acct><Id><IBAN>${e.iban}</IBAN></Id></${counter}Acct>` : ""}
            </RltdPties>
            ${
              e.text || e.structured
                ? `<RmtInf>${e.text ? `<Ustrd>${esc(e.text)}</Ustrd>` : ""}${
                    e.structured
                      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${esc(e.structured)}</Ref></CdtrRefInf></Strd>`
                      : ""
                  }</RmtInf>`
                : ""
            }
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
    })
    .join("");
  return camt053Of(ntries, { version, iban, id: options.id });
}

/** A CAMT.053 document around `ntries`, the <Ntry> elements as written (for files no bank writes). */
export function camt053Of(
  ntries: string,
  options: { version?: "02" | "08"; iban?: string; id?: string } = {},
): string {
  const id = options.id ?? "STMT-2026-11-20";
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${options.version ?? "02"}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-${options.id ?? "1"}</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${id}</Id>
      <ElctrncSeqNb>1</ElctrncSeqNb>
      <CreDtTm>2026-11-21T06:00:00</CreDtTm>
      <Acct><Id><IBAN>${options.iban ?? "DE89370400440532013000"}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-20</Dt></Dt></Bal>${ntries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

const mtAmount = (n: number) => n.toFixed(2).replace(".", ",");

/** MT940 with German ?-subfields in :86: (`german`) or SWIFT /CODE/ details (`swift`). */
export function mt940(
  entries: readonly TestEntry[],
  options: { layout?: "german" | "swift"; account?: string } = {},
): string {
  const layout = options.layout ?? "german";
  const lines = [
    "{1:F01TESTDEFFAXXX0000000000}{2:O9401200261120TESTDEFFAXXX00000000002611201200N}{4:",
    ":20:STARTUMSE",
    `:25:${options.account ?? "DE89370400440532013000"}`,
    ":28C:00001/001",
    ":60F:C261119EUR1000,00",
  ];
  for (const e of entries) {
    const date = (e.date ?? "2026-11-20").replace(/-/g, "").slice(2);
    lines.push(
      `:61:${date}${date.slice(2)}${e.debit ? "D" : "C"}R${mtAmount(e.amount)}NTRF${e.endToEnd ?? "NONREF"}${e.bankRef ? `//${e.bankRef}` : ""}`,
    );
    if (layout === "german") {
      const purpose = [
        e.endToEnd ? `EREF+${e.endToEnd}` : "",
        e.structured || e.text ? `SVWZ+${[e.structured, e.text].filter(Boolean).join(" ")}` : "",
      ].join("");
      const chunks = purpose.match(/.{1,27}/g) ?? [];
      const sub = chunks.map((c, i) => `?${20 + i}${c}`).join("");
      const name = e.name
        ? `?32${e.name.slice(0, 27)}${e.name.length > 27 ? `?33${e.name.slice(27)}` : ""}`
        : "";
      const body = `166?00GUTSCHR. UEBERWEISUNG${sub}?30COBADEFFXXX?31${e.iban ?? ""}${name}`;
      // Lines of at most 65 characters, continued on the next ones.
      const all = `:86:${body}`;
      lines.push(...(all.match(/.{1,65}/g) ?? []));
    } else {
      const parts = [
        e.endToEnd ? `/EREF/${e.endToEnd}` : "",
        e.name || e.iban ? `/ORDP//NAME/${e.name ?? ""}/ID/${e.iban ?? ""}` : "",
        e.text ? `/REMI/USTD//${e.text}/` : "",
        e.structured ? `/REMI/STRD/CUR/${e.structured}/` : "",
      ].join("");
      lines.push(...(`:86:${parts}`.match(/.{1,65}/g) ?? []));
    }
  }
  lines.push(":62F:C261120EUR1000,00", "-}");
  return `${lines.join("\r\n")}\r\n`;
}
