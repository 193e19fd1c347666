CREATE TABLE `status_days` (
	`service` text NOT NULL,
	`day` integer NOT NULL,
	`checked_minutes` integer NOT NULL,
	`online_minutes` integer NOT NULL,
	`limited_minutes` integer NOT NULL,
	`offline_minutes` integer NOT NULL,
	`incidents` integer NOT NULL,
	PRIMARY KEY(`service`, `day`)
);
--> statement-breakpoint
CREATE INDEX `status_days_day_idx` ON `status_days` (`day`);--> statement-breakpoint
CREATE TABLE `status_heartbeat` (
	`id` integer PRIMARY KEY NOT NULL,
	`nonce` text NOT NULL,
	`written_at` integer NOT NULL
);
