CREATE TABLE `chat_turns` (
	`user_id` text NOT NULL,
	`request_id` text NOT NULL,
	`events` text NOT NULL,
	`event_count` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`failure` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `request_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_turns_updated_idx` ON `chat_turns` (`updated_at`);