ALTER TABLE `invoice_items` ADD `discount_reason` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `discount_reason_code` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `charges` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `price_detail` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `service_period_start` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `service_period_end` text;--> statement-breakpoint
ALTER TABLE `products` ADD `net_price` text;--> statement-breakpoint
ALTER TABLE `products` ADD `base_quantity` integer;