CREATE TABLE "portfolio_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"portfolio_id" text NOT NULL,
	"type" text NOT NULL,
	"date" text NOT NULL,
	"symbol" text,
	"quantity" text,
	"price" text,
	"fee" text,
	"amount" text,
	"ratio" text,
	"note" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "cost_method" text DEFAULT 'fifo' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_activities" ADD CONSTRAINT "portfolio_activities_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_activities_portfolio_date_idx" ON "portfolio_activities" USING btree ("portfolio_id","date");--> statement-breakpoint
-- Data step (issue 21): every existing holding becomes one buy on its creation day (UTC) at its average price.
INSERT INTO "portfolio_activities" ("id", "portfolio_id", "type", "date", "symbol", "quantity", "price", "fee", "amount", "ratio", "note", "created_at", "updated_at") SELECT 'h_' || "id", "portfolio_id", 'buy', to_char(to_timestamp("created_at" / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), "symbol", "quantity", "average_price", NULL, NULL, NULL, NULL, "created_at", "created_at" FROM "holdings";
