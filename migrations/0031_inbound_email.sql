ALTER TABLE `organizations` ADD `inbound_email_token` text;--> statement-breakpoint
-- Every organization created before this migration gets its inbound address too (new ones get
-- theirs at creation): 96 random bits, lower-case hex.
UPDATE `organizations` SET `inbound_email_token` = lower(hex(randomblob(12))) WHERE `inbound_email_token` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_inbound_email_token_unique` ON `organizations` (`inbound_email_token`);
