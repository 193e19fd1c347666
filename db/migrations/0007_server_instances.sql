CREATE TABLE `server_instances` (
	`id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`seen_at` integer NOT NULL
);
