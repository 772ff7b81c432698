ALTER TABLE `customers` ADD `identifier_scheme` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `identifier_id` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `company_id` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `company_id_scheme` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payee` text;