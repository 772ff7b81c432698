ALTER TABLE `credit_note_items` ADD `unit_code` text DEFAULT 'C62' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `unit_code` text DEFAULT 'C62' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `unit_code` text DEFAULT 'C62' NOT NULL;