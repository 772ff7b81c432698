ALTER TABLE `customers` ADD `tax_registration_id` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `additional_identifiers` text;