CREATE TABLE "chat_turns" (
	"user_id" text NOT NULL,
	"request_id" text NOT NULL,
	"events" text NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"failure" text,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "chat_turns_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "chat_turns" ADD CONSTRAINT "chat_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_turns_updated_idx" ON "chat_turns" USING btree ("updated_at");