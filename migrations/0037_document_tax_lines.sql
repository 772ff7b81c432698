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
