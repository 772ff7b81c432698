CREATE TABLE `quote_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`quote_id` text NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`transport` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `quote_emails_quote_created_idx` ON `quote_emails` (`quote_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`number` text NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`notes` text,
	`expires_at` text NOT NULL,
	`default_tax_rate_id` text,
	`lines` text NOT NULL,
	`discounts` text DEFAULT '[]' NOT NULL,
	`subtotal_minor` integer DEFAULT 0 NOT NULL,
	`discount_total_minor` integer DEFAULT 0 NOT NULL,
	`tax_exclusive_minor` integer DEFAULT 0 NOT NULL,
	`tax_total_minor` integer DEFAULT 0 NOT NULL,
	`rounding_minor` integer DEFAULT 0 NOT NULL,
	`total_minor` integer DEFAULT 0 NOT NULL,
	`totals_detail` text DEFAULT '{"breakdown":[],"allowances":[]}' NOT NULL,
	`sent_at` text,
	`accepted_at` text,
	`declined_at` text,
	`expired_at` text,
	`converted_at` text,
	`invoice_id` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `quotes_organization_created_idx` ON `quotes` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_organization_number_idx` ON `quotes` (`organization_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_invoice_idx` ON `quotes` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `quotes_status_expires_idx` ON `quotes` (`status`,`expires_at`,`id`);--> statement-breakpoint
ALTER TABLE `customers` ADD `reminder_schedule` text;--> statement-breakpoint
ALTER TABLE `invoice_emails` ADD `reminder_step` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_emails_invoice_reminder_step_idx` ON `invoice_emails` (`invoice_id`,`reminder_step`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `quote_sequence` integer DEFAULT 0 NOT NULL;