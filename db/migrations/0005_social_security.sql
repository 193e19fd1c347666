CREATE TABLE `unseen_friend_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`sender_id` text NOT NULL,
	`target_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `unseen_friend_requests_sender_idx` ON `unseen_friend_requests` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `unseen_friend_requests_target_idx` ON `unseen_friend_requests` (`sender_id`,`target_hash`);--> statement-breakpoint
CREATE TABLE `user_blocks` (
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_blocks_blocked_idx` ON `user_blocks` (`blocked_id`);--> statement-breakpoint
-- Usernames used to be the email's local part, which search shows to anyone: every existing account gets a random
-- one instead ("investor-" + 4 random hex digits + its row number, unique by the row number; new accounts' names end
-- in a letter, so they never collide with these). People can choose another one in Settings.
UPDATE `users` SET `username` = 'investor-' || lower(hex(randomblob(2))) || `rowid`;
