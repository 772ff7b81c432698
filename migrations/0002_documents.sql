CREATE TABLE `document_audit_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`seq` integer NOT NULL,
	`action` text NOT NULL,
	`actor_id` text,
	`actor_email` text,
	`ip_address` text,
	`user_agent` text,
	`share_id` text,
	`created_at` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_audit_entries_document_seq_unique` ON `document_audit_entries` (`document_id`,`seq`);--> statement-breakpoint
CREATE TABLE `document_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`created_by` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`max_downloads` integer,
	`download_count` integer DEFAULT 0 NOT NULL,
	`revoked_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_shares_token_hash_unique` ON `document_shares` (`token_hash`);--> statement-breakpoint
CREATE INDEX `document_shares_document_idx` ON `document_shares` (`document_id`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`filename` text NOT NULL,
	`original_name` text NOT NULL,
	`document_type` text NOT NULL,
	`classification` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`is_encrypted` integer NOT NULL,
	`entity_type` text,
	`entity_id` text,
	`expires_at` text,
	`status` text DEFAULT 'stored' NOT NULL,
	`storage_key` text NOT NULL,
	`stored_size` integer NOT NULL,
	`segment_size` integer,
	`nonce_prefix` text,
	`wrapped_key` text,
	`key_version` text,
	`audit_seq` integer DEFAULT 0 NOT NULL,
	`audit_head` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	`expired_at` text,
	`purged_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `documents_organization_created_idx` ON `documents` (`organization_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `documents_status_expires_idx` ON `documents` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `documents_key_version_idx` ON `documents` (`key_version`,`id`);