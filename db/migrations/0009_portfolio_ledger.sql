CREATE TABLE `portfolio_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`portfolio_id` text NOT NULL,
	`type` text NOT NULL,
	`date` text NOT NULL,
	`symbol` text,
	`quantity` text,
	`price` text,
	`fee` text,
	`amount` text,
	`ratio` text,
	`note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`portfolio_id`) REFERENCES `portfolios`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `portfolio_activities_portfolio_date_idx` ON `portfolio_activities` (`portfolio_id`,`date`);--> statement-breakpoint
ALTER TABLE `portfolios` ADD `cost_method` text DEFAULT 'fifo' NOT NULL;--> statement-breakpoint
-- Data step (issue 21): every existing holding becomes one buy on its creation day (UTC) at its average price.
INSERT INTO `portfolio_activities` (`id`, `portfolio_id`, `type`, `date`, `symbol`, `quantity`, `price`, `fee`, `amount`, `ratio`, `note`, `created_at`, `updated_at`) SELECT 'h_' || `id`, `portfolio_id`, 'buy', strftime('%Y-%m-%d', `created_at` / 1000, 'unixepoch'), `symbol`, `quantity`, `average_price`, NULL, NULL, NULL, NULL, `created_at`, `created_at` FROM `holdings`;
