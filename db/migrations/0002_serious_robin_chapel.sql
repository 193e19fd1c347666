CREATE TABLE `status_heartbeat` (
	`id` integer PRIMARY KEY NOT NULL,
	`nonce` text NOT NULL,
	`written_at` integer NOT NULL
);
