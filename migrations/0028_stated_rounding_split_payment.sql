ALTER TABLE `invoices` ADD `stated_rounding_minor` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `split_payment_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `split_payment_credited_minor` integer DEFAULT 0 NOT NULL;