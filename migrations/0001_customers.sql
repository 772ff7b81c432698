CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`address_line1` text NOT NULL,
	`address_city` text NOT NULL,
	`address_postal_code` text NOT NULL,
	`address_country` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customers_organization_created_idx` ON `customers` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `customers_organization_email_idx` ON `customers` (`organization_id`,lower("email"));