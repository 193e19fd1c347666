CREATE TABLE `alert_firings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`alert_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`period` text NOT NULL,
	`symbol` text NOT NULL,
	`condition` text NOT NULL,
	`level` real,
	`value` real NOT NULL,
	`price` real NOT NULL,
	`currency` text NOT NULL,
	`tick_at` integer NOT NULL,
	`fired_at` integer NOT NULL,
	`capped` integer DEFAULT false NOT NULL,
	`notification_id` integer,
	`delivered_at` integer,
	FOREIGN KEY (`alert_id`) REFERENCES `alerts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_firings_period_idx` ON `alert_firings` (`alert_id`,`period`);--> statement-breakpoint
CREATE INDEX `alert_firings_alert_idx` ON `alert_firings` (`alert_id`,`fired_at`);--> statement-breakpoint
CREATE INDEX `alert_firings_undelivered_idx` ON `alert_firings` (`id`) WHERE notification_id is null;--> statement-breakpoint
CREATE TABLE `alert_symbol_states` (
	`symbol` text PRIMARY KEY NOT NULL,
	`price` real,
	`ma_spread` real,
	`observed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`symbol` text NOT NULL,
	`condition` text NOT NULL,
	`level` real,
	`frequency` text NOT NULL,
	`interval_ms` integer,
	`note` text DEFAULT '' NOT NULL,
	`channels` text,
	`expires_at` integer,
	`status` text NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`armed_at` integer NOT NULL,
	`baseline` real,
	`next_eligible_at` integer,
	`fire_count` integer DEFAULT 0 NOT NULL,
	`last_fired_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alerts_user_idx` ON `alerts` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `alerts_user_symbol_idx` ON `alerts` (`user_id`,`symbol`);--> statement-breakpoint
CREATE INDEX `alerts_armed_idx` ON `alerts` (`id`) WHERE status = 'armed';--> statement-breakpoint
CREATE INDEX `alerts_expiry_idx` ON `alerts` (`expires_at`) WHERE status = 'armed' and expires_at is not null;--> statement-breakpoint
CREATE INDEX `alerts_updated_idx` ON `alerts` (`updated_at`);