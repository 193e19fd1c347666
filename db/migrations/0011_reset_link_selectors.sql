-- Reset links become a public selector (the key) and a secret verifier kept as its SHA-256, compared in constant
-- time. Links made before this cannot be split that way: they are dropped (they last 30 minutes; the operator makes
-- a new one with `npm run user -- reset-password EMAIL`).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
DROP TABLE `password_reset_tokens`;--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`selector` text PRIMARY KEY NOT NULL,
	`verifier_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);
