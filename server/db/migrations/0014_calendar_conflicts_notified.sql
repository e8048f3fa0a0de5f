ALTER TABLE "calendar_conflicts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
-- Conflicts from before this column went by the digests in mail_queue: counted as notified when found, so none is mailed again.
UPDATE "calendar_conflicts" SET "notified_at" = "detected_at";--> statement-breakpoint
CREATE INDEX "calendar_conflicts_feed_notified_idx" ON "calendar_conflicts" USING btree ("feed_id","notified_at");
