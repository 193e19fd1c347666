CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" bigint NOT NULL,
	"seen_at" bigint NOT NULL
);
