CREATE TABLE `einvoice_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`document_type` text NOT NULL,
	`document_id` text NOT NULL,
	`document_number` text NOT NULL,
	`channel` text NOT NULL,
	`provider` text NOT NULL,
	`recipient` text NOT NULL,
	`status` text NOT NULL,
	`provider_document_id` text,
	`envelope_id` text,
	`error` text,
	`response_code` text,
	`responded_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`ambiguous` integer DEFAULT false NOT NULL,
	`next_attempt_at` text,
	`claimed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `einvoice_deliveries_document_channel_unique` ON `einvoice_deliveries` (`organization_id`,`document_type`,`document_id`,`channel`);--> statement-breakpoint
CREATE INDEX `einvoice_deliveries_due_idx` ON `einvoice_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `einvoice_deliveries_envelope_idx` ON `einvoice_deliveries` (`organization_id`,`envelope_id`);--> statement-breakpoint
CREATE TABLE `einvoice_networks` (
	`organization_id` text NOT NULL,
	`network` text NOT NULL,
	`provider` text NOT NULL,
	`api_key_id` text NOT NULL,
	`api_secret` text NOT NULL,
	`webhook_token` text NOT NULL,
	`secret_version` text NOT NULL,
	`company_id` text NOT NULL,
	`participant_id` text,
	`webhook_id` text,
	`last_inbox_sync_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `network`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `einvoice_networks_inbox_sync_idx` ON `einvoice_networks` (`last_inbox_sync_at`);--> statement-breakpoint
CREATE TABLE `network_receipts` (
	`organization_id` text NOT NULL,
	`network` text NOT NULL,
	`provider_document_id` text NOT NULL,
	`outcome` text NOT NULL,
	`bill_id` text,
	`delivery_id` text,
	`reason` text,
	`marked_read_at` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `network`, `provider_document_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `peppol_participants` (
	`organization_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`registered` integer NOT NULL,
	`document_types` text NOT NULL,
	`checked_at` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `participant_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
