// The HTML part, written from the same content as the plain-text part (content.ts) with the
// e-mail-safe components. Hono JSX escapes every piece of text and every attribute value.
import {
  Brand,
  Button,
  EmailDocument,
  FigureRows,
  Fineprint,
  Heading,
  LineRows,
  Paragraph,
  Section,
  TextLink,
} from "./components";
import type { EmailContent } from "./content";

function EmailBody({ content }: { content: EmailContent }) {
  const { brandColor, logoUrl } = content.branding;
  const { transfer } = content;
  return (
    <EmailDocument
      locale={content.locale}
      title={content.subject}
      preheader={content.preheader}
      brandColor={brandColor}
    >
      <Section padding="24px 24px 16px">
        <Brand name={content.seller} logoUrl={logoUrl} brandColor={brandColor} />
      </Section>
      <Section>
        <Paragraph>{content.greeting}</Paragraph>
        <Paragraph>{content.intro}</Paragraph>
      </Section>
      <Section>
        <Heading brandColor={brandColor}>{content.title}</Heading>
        {content.lines.length > 0 && <LineRows lines={content.lines} />}
        {content.moreLines && <Paragraph muted>{`… ${content.moreLines}`}</Paragraph>}
      </Section>
      <Section>
        <FigureRows rows={content.figures} />
      </Section>
      {content.statements.length > 0 && (
        <Section>
          {content.statements.map((statement) => (
            <Paragraph muted>{statement}</Paragraph>
          ))}
        </Section>
      )}
      {content.facts.length > 0 && (
        <Section>
          <FigureRows rows={content.facts} align="left" />
        </Section>
      )}
      {transfer && (
        <Section>
          <Heading brandColor={brandColor}>{transfer.heading}</Heading>
          <Paragraph>{transfer.intro}</Paragraph>
          <FigureRows rows={transfer.rows} align="left" />
        </Section>
      )}
      {content.actions.length > 0 && (
        <Section>
          {content.actions.map((action) =>
            action.primary ? (
              <Button url={action.url} label={action.label} brandColor={brandColor} />
            ) : (
              <TextLink url={action.url} label={action.label} brandColor={brandColor} />
            ),
          )}
        </Section>
      )}
      {content.notes && (
        <Section>
          <Paragraph muted>{content.notes}</Paragraph>
        </Section>
      )}
      <Section padding={content.footer ? "0 24px 0" : "0 24px 24px"}>
        <Paragraph>
          {content.signOff}
          {"\n"}
          {content.seller}
        </Paragraph>
      </Section>
      {content.footer && (
        <Section padding="16px 24px 24px">
          <Fineprint>{content.footer}</Fineprint>
        </Section>
      )}
    </EmailDocument>
  );
}

export async function emailHtml(content: EmailContent): Promise<string> {
  return `<!doctype html>${await (<EmailBody content={content} />).toString()}`;
}
