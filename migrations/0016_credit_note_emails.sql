CREATE TABLE `credit_note_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`credit_note_id` text NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`transport` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`attachment_kind` text,
	`einvoice_attachment_kind` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`credit_note_id`) REFERENCES `credit_notes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `credit_note_emails_note_created_idx` ON `credit_note_emails` (`credit_note_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_note_emails_abandoned_idx` ON `credit_note_emails` (`created_at`,`id`) WHERE status = 'queued' AND transport = 'http';