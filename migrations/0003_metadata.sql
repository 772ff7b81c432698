CREATE TABLE `metadata_entries` (
	`organization_id` text NOT NULL,
	`object_type` text NOT NULL,
	`object_id` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`object_type`, `object_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `metadata_entries_lookup_idx` ON `metadata_entries` (`organization_id`,`object_type`,`key`,`value`,`object_id`);--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `metadata` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `metadata` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `metadata` text;--> statement-breakpoint
ALTER TABLE `products` ADD `metadata` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `metadata` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `metadata` text;--> statement-breakpoint
CREATE INDEX `documents_organization_entity_idx` ON `documents` (`organization_id`,`entity_id`,`status`,`created_at`,`id`);