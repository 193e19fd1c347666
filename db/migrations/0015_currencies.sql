ALTER TABLE `portfolio_activities` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `portfolio_activities` ADD `fx_rate` text;--> statement-breakpoint
ALTER TABLE `portfolios` ADD `base_currency` text DEFAULT 'USD' NOT NULL;