CREATE TABLE `document_tax_lines` (
	`organization_id` text NOT NULL,
	`document_type` text NOT NULL,
	`document_id` text NOT NULL,
	`position` integer NOT NULL,
	`tax_date` text NOT NULL,
	`type_code` text NOT NULL,
	`currency` text NOT NULL,
	`category` text,
	`percent_scaled` integer NOT NULL,
	`amount_scale` integer,
	`taxable_minor` integer NOT NULL,
	`tax_minor` integer NOT NULL,
	PRIMARY KEY(`document_id`, `position`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `document_tax_lines_report_idx` ON `document_tax_lines` (`organization_id`,`document_type`,`tax_date`,`currency`,`category`,`percent_scaled`,`type_code`,`amount_scale`,`taxable_minor`,`tax_minor`);--> statement-breakpoint
-- The receivables and payables reports read the open rows from these indexes alone.
DROP INDEX `bills_organization_status_due_idx`;--> statement-breakpoint
CREATE INDEX `bills_organization_status_due_idx` ON `bills` (`organization_id`,`status`,`due_date`,`issue_date`,`currency`,`amount_scale`,`supplier_id`,`type_code`,`payable_minor`,`amount_paid_minor`);--> statement-breakpoint
DROP INDEX `invoices_organization_status_due_idx`;--> statement-breakpoint
CREATE INDEX `invoices_organization_status_due_idx` ON `invoices` (`organization_id`,`status`,`due_date`,`currency`,`customer_id`,`type_code`,`total_minor`,`prepaid_minor`,`split_payment_minor`,`split_payment_credited_minor`,`amount_paid_minor`,`amount_credited_minor`);--> statement-breakpoint
-- The documents issued before: their stored breakdowns, copied as the issuing batch copies them
-- (src/services/reports/tax-lines.ts). A draft invoice has no issue date and no lines.
INSERT INTO `document_tax_lines` (`organization_id`, `document_type`, `document_id`, `position`, `tax_date`, `type_code`, `currency`, `category`, `percent_scaled`, `taxable_minor`, `tax_minor`)
SELECT d.organization_id, 'invoice', d.id, e.key, d.issue_date, d.type_code, d.currency,
       json_extract(e.value, '$.category'), json_extract(e.value, '$.percent_scaled'),
       json_extract(e.value, '$.taxable_minor'), json_extract(e.value, '$.tax_minor')
FROM `invoices` d, json_each(d.totals_detail, '$.breakdown') e
WHERE d.issue_date IS NOT NULL;
--> statement-breakpoint
INSERT INTO `document_tax_lines` (`organization_id`, `document_type`, `document_id`, `position`, `tax_date`, `type_code`, `currency`, `category`, `percent_scaled`, `taxable_minor`, `tax_minor`)
SELECT d.organization_id, 'credit_note', d.id, e.key, d.issue_date, '381', d.currency,
       json_extract(e.value, '$.category'), json_extract(e.value, '$.percent_scaled'),
       json_extract(e.value, '$.taxable_minor'), json_extract(e.value, '$.tax_minor')
FROM `credit_notes` d, json_each(d.totals_detail, '$.breakdown') e;
--> statement-breakpoint
-- The bills accepted as owed (approved, paid): the VAT breakdown each document states, as the
-- approval writes it (src/services/reports/tax-lines.ts): each stated decimal text exactly, as an
-- integer in the decimals the entry states (at least the bill's amount scale); the rate x 10^4.
INSERT INTO `document_tax_lines` (`organization_id`, `document_type`, `document_id`, `position`, `tax_date`, `type_code`, `currency`, `category`, `percent_scaled`, `amount_scale`, `taxable_minor`, `tax_minor`)
WITH stated AS (
  SELECT b.organization_id, b.id, e.key AS position, b.issue_date, b.type_code, b.currency, b.amount_scale,
         json_extract(e.value, '$.tax.category') AS category,
         trim(coalesce(json_extract(e.value, '$.tax.percent'), '0')) AS p,
         trim(coalesce(json_extract(e.value, '$.taxable'), '0')) AS t,
         trim(coalesce(json_extract(e.value, '$.amount'), '0')) AS a
  FROM `bills` b, json_each(b.document, '$.subtotals') e
  WHERE b.status IN ('approved', 'paid')
), unsigned AS (
  SELECT *, ltrim(p, '+-') AS pu, ltrim(t, '+-') AS tu, ltrim(a, '+-') AS au FROM stated
), split AS (
  SELECT *,
         CASE WHEN instr(pu, '.') > 0 THEN substr(pu, 1, instr(pu, '.') - 1) ELSE pu END AS pw,
         CASE WHEN instr(pu, '.') > 0 THEN substr(pu, instr(pu, '.') + 1) ELSE '' END AS pf,
         CASE WHEN instr(tu, '.') > 0 THEN substr(tu, 1, instr(tu, '.') - 1) ELSE tu END AS tw,
         CASE WHEN instr(tu, '.') > 0 THEN substr(tu, instr(tu, '.') + 1) ELSE '' END AS tf,
         CASE WHEN instr(au, '.') > 0 THEN substr(au, 1, instr(au, '.') - 1) ELSE au END AS aw,
         CASE WHEN instr(au, '.') > 0 THEN substr(au, instr(au, '.') + 1) ELSE '' END AS af
  FROM unsigned
), scaled AS (
  SELECT *, max(amount_scale, length(rtrim(tf, '0')), length(rtrim(af, '0'))) AS scale FROM split
)
SELECT organization_id, 'bill', id, position, issue_date, type_code, currency, category,
       (CASE WHEN substr(p, 1, 1) = '-' THEN -1 ELSE 1 END) * CAST(pw || substr(pf || '0000', 1, 4) AS INTEGER),
       scale,
       (CASE WHEN substr(t, 1, 1) = '-' THEN -1 ELSE 1 END) * CAST(tw || substr(tf || '000000000000000000', 1, scale) AS INTEGER),
       (CASE WHEN substr(a, 1, 1) = '-' THEN -1 ELSE 1 END) * CAST(aw || substr(af || '000000000000000000', 1, scale) AS INTEGER)
FROM scaled;
--> statement-breakpoint
-- An organization's invoices per stored status, kept by the triggers below whatever writes them
-- (src/db/schema/invoice-counts.ts), and counted once here for the invoices there already are.
CREATE TABLE `invoice_counts` (
	`organization_id` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `status`)
);
--> statement-breakpoint
INSERT INTO `invoice_counts` (`organization_id`, `status`, `count`)
SELECT organization_id, status, count(*) FROM `invoices` GROUP BY organization_id, status;
--> statement-breakpoint
CREATE TRIGGER `invoice_counts_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `invoice_counts` (`organization_id`, `status`, `count`) VALUES (new.organization_id, new.status, 1)
    ON CONFLICT (`organization_id`, `status`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `invoice_counts_delete` AFTER DELETE ON `invoices` BEGIN
  UPDATE `invoice_counts` SET `count` = `count` - 1 WHERE organization_id = old.organization_id AND status = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `invoice_counts_update` AFTER UPDATE OF `status`, `organization_id` ON `invoices`
WHEN old.status IS NOT new.status OR old.organization_id IS NOT new.organization_id BEGIN
  UPDATE `invoice_counts` SET `count` = `count` - 1 WHERE organization_id = old.organization_id AND status = old.status;
  INSERT INTO `invoice_counts` (`organization_id`, `status`, `count`) VALUES (new.organization_id, new.status, 1)
    ON CONFLICT (`organization_id`, `status`) DO UPDATE SET `count` = `count` + 1;
END;
