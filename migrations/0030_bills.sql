CREATE TABLE `bill_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`bill_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`paid_at` text NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`bank_transaction_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bill_payments_bill_created_idx` ON `bill_payments` (`bill_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bill_payments_bank_transaction_idx` ON `bill_payments` (`bank_transaction_id`);--> statement-breakpoint
CREATE TABLE `bills` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`supplier_id` text NOT NULL,
	`number` text NOT NULL,
	`type_code` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`seller` text NOT NULL,
	`buyer` text NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text,
	`currency` text NOT NULL,
	`amount_scale` integer NOT NULL,
	`subtotal_minor` integer NOT NULL,
	`discount_total_minor` integer NOT NULL,
	`charge_total_minor` integer NOT NULL,
	`tax_exclusive_minor` integer NOT NULL,
	`tax_total_minor` integer NOT NULL,
	`total_minor` integer NOT NULL,
	`prepaid_minor` integer NOT NULL,
	`rounding_minor` integer NOT NULL,
	`payable_minor` integer NOT NULL,
	`amount_paid_minor` integer DEFAULT 0 NOT NULL,
	`document` text NOT NULL,
	`validation` text NOT NULL,
	`syntax` text NOT NULL,
	`container` text NOT NULL,
	`customization_id` text,
	`filename` text,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`stored_size` integer NOT NULL,
	`wrapped_key` text NOT NULL,
	`key_version` text NOT NULL,
	`nonce_prefix` text NOT NULL,
	`message_id` text,
	`received_at` text NOT NULL,
	`approved_at` text,
	`rejected_at` text,
	`rejection_reason` text,
	`paid_at` text,
	`metadata` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bills_organization_sha256_unique` ON `bills` (`organization_id`,`sha256`);--> statement-breakpoint
CREATE UNIQUE INDEX `bills_organization_supplier_number_date_unique` ON `bills` (`organization_id`,`supplier_id`,`number`,`issue_date`);--> statement-breakpoint
CREATE INDEX `bills_organization_created_idx` ON `bills` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bills_organization_status_created_idx` ON `bills` (`organization_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bills_organization_supplier_created_idx` ON `bills` (`organization_id`,`supplier_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bills_organization_status_due_idx` ON `bills` (`organization_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `bills_organization_issue_date_idx` ON `bills` (`organization_id`,`issue_date`);--> statement-breakpoint
CREATE INDEX `bills_supplier_idx` ON `bills` (`supplier_id`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`legal_name` text,
	`vat_id` text,
	`tax_registration_id` text,
	`company_id` text,
	`company_id_scheme` text,
	`identifier_scheme` text,
	`identifier_id` text,
	`electronic_address_scheme` text,
	`electronic_address_id` text,
	`email` text,
	`phone` text,
	`address` text,
	`iban` text,
	`bic` text,
	`metadata` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `suppliers_organization_created_idx` ON `suppliers` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `suppliers_organization_endpoint_idx` ON `suppliers` (`organization_id`,`electronic_address_scheme`,`electronic_address_id`);--> statement-breakpoint
CREATE INDEX `suppliers_organization_vat_idx` ON `suppliers` (`organization_id`,`vat_id`);--> statement-breakpoint
CREATE INDEX `suppliers_organization_identifier_idx` ON `suppliers` (`organization_id`,`identifier_scheme`,`identifier_id`);