CREATE TABLE "analytics_daily_errors" (
	"day" date NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"page" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"fatal" integer DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_daily_errors_day_key_pk" PRIMARY KEY("day","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_events" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_events_day_name_pk" PRIMARY KEY("day","name")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_terms" (
	"day" date NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_daily_terms_day_term_pk" PRIMARY KEY("day","term")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"raw_events" integer DEFAULT 0 NOT NULL,
	"raw_over" integer DEFAULT 0 NOT NULL,
	"terms" integer DEFAULT 0 NOT NULL,
	"terms_over" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"errors_over" integer DEFAULT 0 NOT NULL,
	"other_items" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_listing_days" (
	"item_id" text NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"impressions_total" bigint DEFAULT 0 NOT NULL,
	"clicks_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_listing_days_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
DROP INDEX "analytics_events_name_time_idx";--> statement-breakpoint
CREATE INDEX "analytics_listing_days_day_idx" ON "analytics_listing_days" USING btree ("day");--> statement-breakpoint
-- Backfill (issue 23): the daily figures of the events collected before this migration, which the dashboard reads from now on, within the caps of server/analytics/aggregates.ts (100 zero-result terms and 100 error messages and pages a day: the most frequent).
INSERT INTO "analytics_daily_events" ("day", "name", "events", "zero_results")
SELECT ("received_at" AT TIME ZONE 'UTC')::date, "name", count(*)::int, (count(*) FILTER (WHERE "name" = 'search' AND "params" -> 'results' = '0'::jsonb))::int
FROM "analytics_events" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "analytics_daily_terms" ("day", "term", "searches", "last_seen")
SELECT "day", "term", "searches", "last_seen" FROM (
  SELECT t.*, row_number() OVER (PARTITION BY "day" ORDER BY "searches" DESC, "term") AS "place" FROM (
    SELECT ("received_at" AT TIME ZONE 'UTC')::date AS "day", lower(btrim(coalesce("params" ->> 'search_term', ''))) AS "term", count(*)::int AS "searches", max("received_at") AS "last_seen"
    FROM "analytics_events" WHERE "name" = 'search' AND "params" -> 'results' = '0'::jsonb GROUP BY 1, 2
  ) t
) ranked WHERE "place" <= 100;--> statement-breakpoint
INSERT INTO "analytics_daily_errors" ("day", "key", "message", "page", "events", "fatal", "last_seen")
SELECT "day", "key", "message", "page", "events", "fatal", "last_seen" FROM (
  SELECT r.*, md5(r."message" || chr(10) || r."page") AS "key", row_number() OVER (PARTITION BY "day" ORDER BY "events" DESC, md5(r."message" || chr(10) || r."page")) AS "place" FROM (
    SELECT ("received_at" AT TIME ZONE 'UTC')::date AS "day", coalesce(nullif(btrim("params" ->> 'description'), ''), '(no message)') AS "message", coalesce("page", '') AS "page",
           count(*)::int AS "events", (count(*) FILTER (WHERE "params" -> 'fatal' = 'true'::jsonb))::int AS "fatal", max("received_at") AS "last_seen"
    FROM "analytics_events" WHERE "name" = 'exception' GROUP BY 1, 2, 3
  ) r
) ranked WHERE "place" <= 100;--> statement-breakpoint
INSERT INTO "analytics_listing_days" ("item_id", "day", "impressions", "clicks", "impressions_total", "clicks_total")
SELECT "item_id", "day", "impressions", "clicks", sum("impressions") OVER (PARTITION BY "item_id" ORDER BY "day"), sum("clicks") OVER (PARTITION BY "item_id" ORDER BY "day")
FROM (
  SELECT p."item_id", p."day", (count(*) FILTER (WHERE p."name" = 'view_item_list'))::int AS "impressions", (count(*) FILTER (WHERE p."name" = 'select_item'))::int AS "clicks"
  FROM (
    SELECT (e."received_at" AT TIME ZONE 'UTC')::date AS "day", e."name", item ->> 'item_id' AS "item_id"
    FROM "analytics_events" e CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e."params" -> 'items') = 'array' THEN e."params" -> 'items' ELSE '[]'::jsonb END) AS item
    WHERE e."name" IN ('view_item_list', 'select_item')
  ) p
  WHERE p."item_id" IN (SELECT "property_code" FROM "units")
  GROUP BY 1, 2
) l;--> statement-breakpoint
INSERT INTO "analytics_days" ("day", "raw_events", "terms", "terms_over", "errors", "errors_over", "other_items")
SELECT d."day", d."events",
       coalesce(t."rows", 0), d."zero" - coalesce(t."searches", 0),
       coalesce(x."rows", 0), d."exceptions" - coalesce(x."events", 0),
       coalesce(o."items", 0)
FROM (
  SELECT ("received_at" AT TIME ZONE 'UTC')::date AS "day", count(*)::int AS "events",
         (count(*) FILTER (WHERE "name" = 'search' AND "params" -> 'results' = '0'::jsonb))::int AS "zero",
         (count(*) FILTER (WHERE "name" = 'exception'))::int AS "exceptions"
  FROM "analytics_events" GROUP BY 1
) d
LEFT JOIN (SELECT "day", count(*)::int AS "rows", sum("searches")::int AS "searches" FROM "analytics_daily_terms" GROUP BY 1) t ON t."day" = d."day"
LEFT JOIN (SELECT "day", count(*)::int AS "rows", sum("events")::int AS "events" FROM "analytics_daily_errors" GROUP BY 1) x ON x."day" = d."day"
LEFT JOIN (
  SELECT (e."received_at" AT TIME ZONE 'UTC')::date AS "day", count(*)::int AS "items"
  FROM "analytics_events" e CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e."params" -> 'items') = 'array' THEN e."params" -> 'items' ELSE '[]'::jsonb END) AS item
  WHERE e."name" IN ('view_item_list', 'select_item') AND item ->> 'item_id' IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "units" u WHERE u."property_code" = item ->> 'item_id')
  GROUP BY 1
) o ON o."day" = d."day";
