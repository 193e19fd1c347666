-- Reset links become a public selector (the key) and a secret verifier kept as its SHA-256, compared in constant
-- time. Links made before this cannot be split that way: they are dropped (they last 30 minutes; the operator makes
-- a new one with `npm run user -- reset-password EMAIL`).
DELETE FROM "password_reset_tokens";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "selector" text PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "verifier_hash" text NOT NULL;
