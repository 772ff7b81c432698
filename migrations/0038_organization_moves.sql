-- Moves of organizations between databases (src/db/schema/moves.ts); only the primary database's copy is used.
CREATE TABLE `organization_moves` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`target` text NOT NULL,
	`phase` text NOT NULL,
	`pass` text,
	`table_index` integer DEFAULT 0 NOT NULL,
	`last_key` text,
	`tables` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`wait_until` text,
	`version` integer DEFAULT 0 NOT NULL,
	`started_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`finished_at` text
);
