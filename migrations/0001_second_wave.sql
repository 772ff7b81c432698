CREATE TABLE `credit_note_items` (
	`id` text PRIMARY KEY NOT NULL,
	`credit_note_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`position` integer NOT NULL,
	`invoice_item_id` text,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_minor` integer NOT NULL,
	`net_minor` integer NOT NULL,
	`net_of_tax_minor` integer NOT NULL,
	`tax_rate_id` text,
	`tax_category` text,
	`tax_percent_scaled` integer,
	`tax_inclusive` integer,
	`tax_exemption_reason` text,
	`tax_exemption_reason_code` text,
	FOREIGN KEY (`credit_note_id`) REFERENCES `credit_notes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `credit_note_items_note_position_idx` ON `credit_note_items` (`credit_note_id`,`position`);--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`number` text NOT NULL,
	`reason` text NOT NULL,
	`currency` text NOT NULL,
	`issue_date` text NOT NULL,
	`subtotal_minor` integer NOT NULL,
	`discount_total_minor` integer NOT NULL,
	`tax_exclusive_minor` integer NOT NULL,
	`tax_total_minor` integer NOT NULL,
	`rounding_minor` integer NOT NULL,
	`total_minor` integer NOT NULL,
	`totals_detail` text NOT NULL,
	`refund_amount_minor` integer DEFAULT 0 NOT NULL,
	`refund_method` text,
	`refund_reference` text,
	`voids` integer DEFAULT false NOT NULL,
	`seller` text,
	`buyer` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_organization_number_unique` ON `credit_notes` (`organization_id`,`number`);--> statement-breakpoint
CREATE INDEX `credit_notes_organization_created_idx` ON `credit_notes` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_notes_organization_invoice_idx` ON `credit_notes` (`organization_id`,`invoice_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_notes_organization_customer_idx` ON `credit_notes` (`organization_id`,`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_notes_organization_issue_date_idx` ON `credit_notes` (`organization_id`,`issue_date`);--> statement-breakpoint
CREATE INDEX `credit_notes_invoice_idx` ON `credit_notes` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_customer_idx` ON `credit_notes` (`customer_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`received_at` text NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`created_at` text NOT NULL,
	`reversed_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_created_idx` ON `payments` (`invoice_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `tax_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`display_name` text NOT NULL,
	`percent_scaled` integer NOT NULL,
	`inclusive` integer NOT NULL,
	`category` text NOT NULL,
	`exemption_reason` text,
	`exemption_reason_code` text,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tax_rates_organization_created_idx` ON `tax_rates` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `customers` ADD `address_line2` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `address_region` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `vat_id` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `buyer_reference` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `electronic_address_scheme` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `electronic_address_id` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `tax_exempt` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `content_digest` text;--> statement-breakpoint
ALTER TABLE `organizations` ADD `credit_note_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `billing_profile` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `discount` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `discount_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `net_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_rate_id` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_from_default` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_category` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_percent_scaled` integer;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_inclusive` integer;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_exemption_reason` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_exemption_reason_code` text;--> statement-breakpoint
CREATE INDEX `invoice_items_tax_rate_idx` ON `invoice_items` (`tax_rate_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `due_date_defaulted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `voided_at` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `issue_date` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `default_tax_rate_id` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `ignore_tax_exempt` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `discounts` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `service_period_start` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `service_period_end` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `delivery_date` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `purchase_order` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `buyer_reference` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_terms` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `subtotal_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `discount_total_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `tax_exclusive_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `tax_total_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `rounding_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `amount_paid_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `amount_credited_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `totals_detail` text DEFAULT '{"breakdown":[],"allowances":[]}' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `seller` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `buyer` text;--> statement-breakpoint
CREATE INDEX `invoices_organization_issue_date_idx` ON `invoices` (`organization_id`,`issue_date`);--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `secret_key_version` text;--> statement-breakpoint
-- Invoices from before tax rates: no tax, so the net figures are the total. A paid one was paid
-- in full: one payment of the total, received when it was marked paid, keeps the ledger whole.
UPDATE `invoice_items` SET `net_minor` = `amount_minor`;--> statement-breakpoint
UPDATE `invoices` SET
	`subtotal_minor` = `total_minor`,
	`tax_exclusive_minor` = `total_minor`,
	`amount_paid_minor` = CASE WHEN `status` = 'paid' THEN `total_minor` ELSE 0 END,
	`issue_date` = CASE WHEN `sent_at` IS NULL THEN NULL ELSE substr(`sent_at`, 1, 10) END,
	`totals_detail` = json_object('breakdown', json_array(json_object(
		'tax_rate_id', NULL, 'category', NULL, 'percent_scaled', 0, 'inclusive', json('false'),
		'taxable_minor', `total_minor`, 'tax_minor', 0, 'gross_minor', `total_minor`,
		'exemption_reason', NULL, 'exemption_reason_code', NULL)), 'allowances', json_array());--> statement-breakpoint
INSERT INTO `payments` (`id`, `organization_id`, `invoice_id`, `amount_minor`, `currency`, `received_at`, `method`, `reference`, `created_at`, `reversed_at`)
SELECT 'pay_' || lower(hex(randomblob(12))), `organization_id`, `id`, `total_minor`, `currency`,
	COALESCE(`paid_at`, `updated_at`), 'other', NULL, COALESCE(`paid_at`, `updated_at`), NULL
FROM `invoices` WHERE `status` = 'paid';
