ALTER TABLE `credit_notes` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `einvoice_attachment` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_emails` ADD `einvoice_attachment_kind` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `quotes` ADD `locale` text;