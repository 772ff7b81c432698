CREATE TABLE `payment_provider_accounts` (
	`organization_id` text NOT NULL,
	`provider` text NOT NULL,
	`secret_key` text NOT NULL,
	`webhook_secret` text NOT NULL,
	`secret_key_version` text NOT NULL,
	`mode` text NOT NULL,
	`key_last4` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`organization_id`, `provider`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_payment_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `fee_minor` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_payment_idx` ON `payments` (`organization_id`,`provider`,`provider_payment_id`);