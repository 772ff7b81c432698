CREATE TABLE `bank_statements` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`format` text NOT NULL,
	`account_iban` text,
	`bank_statement_id` text,
	`state` text NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	`imported` integer DEFAULT 0 NOT NULL,
	`duplicates` integer DEFAULT 0 NOT NULL,
	`matched` integer DEFAULT 0 NOT NULL,
	`suggested` integer DEFAULT 0 NOT NULL,
	`unmatched` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bank_statements_organization_created_idx` ON `bank_statements` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`statement_id` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`booking_date` text,
	`value_date` text,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`counterparty_name` text,
	`counterparty_iban` text,
	`remittance_information` text,
	`structured_reference` text,
	`end_to_end_id` text,
	`bank_reference` text,
	`status` text NOT NULL,
	`suggestions` text DEFAULT '[]' NOT NULL,
	`matched_by` text,
	`matched_at` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`statement_id`) REFERENCES `bank_statements`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_organization_dedupe_unique` ON `bank_transactions` (`organization_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `bank_transactions_organization_status_idx` ON `bank_transactions` (`organization_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bank_transactions_statement_idx` ON `bank_transactions` (`statement_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `customer_bank_accounts` (
	`organization_id` text NOT NULL,
	`iban` text NOT NULL,
	`customer_id` text NOT NULL,
	`learned_from` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_bank_accounts_unique` ON `customer_bank_accounts` (`organization_id`,`iban`,`customer_id`);--> statement-breakpoint
CREATE TABLE `customer_credits` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`bank_transaction_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` text NOT NULL,
	`reversed_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customer_credits_customer_idx` ON `customer_credits` (`organization_id`,`customer_id`);--> statement-breakpoint
CREATE INDEX `customer_credits_transaction_idx` ON `customer_credits` (`bank_transaction_id`);--> statement-breakpoint
ALTER TABLE `payments` ADD `bank_transaction_id` text;--> statement-breakpoint
CREATE INDEX `payments_bank_transaction_idx` ON `payments` (`bank_transaction_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_reference_format` text;