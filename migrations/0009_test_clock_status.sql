ALTER TABLE `organizations` ADD `test_clock_status` text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `test_clock_target` text;