ALTER TABLE `invoices` ADD `type_code` text DEFAULT '380' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `preceding_invoice_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `preceding_invoice_number` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `preceding_invoice_issue_date` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `tax_currency` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `exchange_rate` text;