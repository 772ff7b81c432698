DROP INDEX `users_email_unique`;--> statement-breakpoint
ALTER TABLE `users` ADD `removed_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email")) WHERE removed_at is null;--> statement-breakpoint
DROP INDEX `webhook_events_organization_idx`;--> statement-breakpoint
ALTER TABLE `webhook_events` ADD `object_id` text;--> statement-breakpoint
CREATE INDEX `webhook_events_object_idx` ON `webhook_events` (`organization_id`,`object_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_events_organization_idx` ON `webhook_events` (`organization_id`,`created_at`,`id`);