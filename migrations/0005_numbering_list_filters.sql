DROP INDEX `invoices_organization_number_unique`;--> statement-breakpoint
CREATE INDEX `invoices_organization_due_id_idx` ON `invoices` (`organization_id`,`due_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_organization_total_id_idx` ON `invoices` (`organization_id`,`total_minor`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_organization_number_unique` ON `invoices` (`organization_id`,`number`) WHERE number <> '';--> statement-breakpoint
ALTER TABLE `customers` ADD `archived` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `customers_organization_archived_created_idx` ON `customers` (`organization_id`,`archived`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `invoice_numbering` text DEFAULT 'on_create' NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `invoice_number_prefix` text DEFAULT 'INV-' NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `invoice_number_padding` integer DEFAULT 6 NOT NULL;