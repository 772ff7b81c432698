CREATE TABLE `recurring_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`currency` text NOT NULL,
	`notes` text,
	`items` text NOT NULL,
	`discounts` text DEFAULT '[]' NOT NULL,
	`default_tax_rate_id` text,
	`payment_terms_days` integer,
	`interval` text NOT NULL,
	`interval_count` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_after` integer,
	`end_date` text,
	`auto_send` integer NOT NULL,
	`status` text NOT NULL,
	`pause_reason` text,
	`next_run_index` integer DEFAULT 0 NOT NULL,
	`next_run_date` text,
	`invoices_created` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `recurring_invoices_organization_created_idx` ON `recurring_invoices` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `recurring_invoices_status_next_run_idx` ON `recurring_invoices` (`status`,`next_run_date`,`id`);--> statement-breakpoint
CREATE INDEX `recurring_invoices_organization_status_next_run_idx` ON `recurring_invoices` (`organization_id`,`status`,`next_run_date`,`id`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `test_mode` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `test_clock_now` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `recurring_invoice_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `recurring_run_index` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_recurring_run_unique` ON `invoices` (`recurring_invoice_id`,`recurring_run_index`);--> statement-breakpoint
CREATE INDEX `invoices_recurring_draft_idx` ON `invoices` (`recurring_invoice_id`) WHERE status = 'draft' AND recurring_invoice_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `invoices_organization_recurring_created_idx` ON `invoices` (`organization_id`,`recurring_invoice_id`,`created_at`,`id`);