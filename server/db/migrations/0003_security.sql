ALTER TABLE "ranking_clicks" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "ranking_clicks" ADD COLUMN "visitor" text;--> statement-breakpoint
ALTER TABLE "ranking_impressions" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "ranking_impressions" ADD COLUMN "visitor" text;--> statement-breakpoint
ALTER TABLE "shared_orders" ADD COLUMN "used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ranking_clicks_visit_idx" ON "ranking_clicks" USING btree ("property_code","day","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "ranking_impressions_visit_idx" ON "ranking_impressions" USING btree ("property_code","day","visitor");--> statement-breakpoint
CREATE INDEX "shared_orders_used_idx" ON "shared_orders" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "shared_orders_client_idx" ON "shared_orders" USING btree ("client_key","created_at");