ALTER TABLE `invoice_items` ADD `sub_lines` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `preceding_invoices` text;