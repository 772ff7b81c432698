ALTER TABLE `customers` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `iban` text;