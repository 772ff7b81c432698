CREATE TABLE `invoice_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`kind` text NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`transport` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_emails_invoice_created_idx` ON `invoice_emails` (`invoice_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `invoice_items` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`position` integer NOT NULL,
	`product_id` text,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_minor` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_items_invoice_position_idx` ON `invoice_items` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`number` text NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`total_minor` integer NOT NULL,
	`due_date` text NOT NULL,
	`notes` text,
	`sent_at` text,
	`paid_at` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_organization_number_unique` ON `invoices` (`organization_id`,`number`);--> statement-breakpoint
CREATE INDEX `invoices_organization_created_idx` ON `invoices` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_organization_status_created_idx` ON `invoices` (`organization_id`,`status`,`created_at`,`id`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_organization_status_due_idx` ON `invoices` (`organization_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_organization_customer_created_idx` ON `invoices` (`organization_id`,`customer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_status_due_idx` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`unit` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `products_organization_created_idx` ON `products` (`organization_id`,`created_at`,`id`);