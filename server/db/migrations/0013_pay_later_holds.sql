ALTER TABLE "bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD COLUMN "hold_state" text;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "bookings_held_until_idx" ON "bookings" USING btree ("held_until") WHERE "bookings"."held_until" is not null;--> statement-breakpoint
CREATE INDEX "trip_bookings_open_holds_idx" ON "trip_bookings" USING btree ("held_until") WHERE "trip_bookings"."hold_state" = 'held';--> statement-breakpoint
CREATE INDEX "trip_bookings_hold_email_idx" ON "trip_bookings" USING btree (lower("email")) WHERE "trip_bookings"."hold_state" is not null;--> statement-breakpoint
CREATE INDEX "trip_bookings_hold_client_idx" ON "trip_bookings" USING btree ("client_key") WHERE "trip_bookings"."hold_state" = 'held';--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD CONSTRAINT "trip_bookings_hold_check" CHECK ("trip_bookings"."hold_state" is null or ("trip_bookings"."hold_state" in ('held', 'confirmed', 'lapsed') and "trip_bookings"."held_until" is not null));