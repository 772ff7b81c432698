ALTER TABLE `invoices` ADD `charges` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `charge_total_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `prepaid_minor` integer DEFAULT 0 NOT NULL;