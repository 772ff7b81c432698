ALTER TABLE `invoices` ADD `hosted_token_hash` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `hosted_token_sealed` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `hosted_link_created_at` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `viewed_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_hosted_token_hash_unique` ON `invoices` (`hosted_token_hash`);