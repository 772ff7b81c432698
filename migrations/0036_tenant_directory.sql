CREATE TABLE `directory_entries` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`organization_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`kind`, `key`)
);
--> statement-breakpoint
CREATE INDEX `directory_entries_organization_idx` ON `directory_entries` (`organization_id`);--> statement-breakpoint
CREATE TABLE `organization_databases` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`database` text NOT NULL,
	`state` text DEFAULT 'active' NOT NULL,
	`moving_to` text,
	`state_changed_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `organization_databases_database_idx` ON `organization_databases` (`database`);--> statement-breakpoint
-- Every organization that exists before the directory lives in the primary database.
INSERT INTO `organization_databases` (`organization_id`, `database`, `state`, `state_changed_at`, `created_at`, `updated_at`)
SELECT `id`, 'DB', 'active', `created_at`, `created_at`, `created_at` FROM `organizations`;
--> statement-breakpoint
-- Member e-mails are unique across every database: the directory holds the claims.
INSERT INTO `directory_entries` (`kind`, `key`, `organization_id`, `created_at`)
SELECT 'user_email', lower(`email`), `organization_id`, `created_at` FROM `users` WHERE `removed_at` IS NULL;
