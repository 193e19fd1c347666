ALTER TABLE "portfolio_activities" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_activities" ADD COLUMN "fx_rate" text;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "base_currency" text DEFAULT 'USD' NOT NULL;