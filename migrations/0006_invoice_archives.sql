CREATE TABLE `invoice_archives` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`document_type` text NOT NULL,
	`document_id` text NOT NULL,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`storage_key` text NOT NULL,
	`sha256` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`stored_size` integer NOT NULL,
	`wrapped_key` text NOT NULL,
	`key_version` text NOT NULL,
	`nonce_prefix` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`purged_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_archives_document_kind_unique` ON `invoice_archives` (`document_id`,`kind`);--> statement-breakpoint
CREATE INDEX `invoice_archives_expires_idx` ON `invoice_archives` (`expires_at`);--> statement-breakpoint
ALTER TABLE `invoice_emails` ADD `attachment_kind` text;