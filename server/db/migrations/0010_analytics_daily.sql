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
-- Backfill (issue 23): the daily figures of the events collected before this migration, which the dashboard reads from now on, within the caps of server/analytics/aggregates.ts (30 zero-result terms and 20 error messages and pages a day: the most frequent).
INSERT INTO "analytics_daily_events" ("day", "name", "events", "zero_results")
SELECT ("received_at" AT TIME ZONE 'UTC')::date, "name", count(*)::int, (count(*) FILTER (WHERE "name" = 'search' AND "params" -> 'results' = '0'::jsonb))::int
FROM "analytics_events" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "analytics_daily_terms" ("day", "term", "searches", "last_seen")
SELECT "day", "term", "searches", "last_seen" FROM (
  SELECT t.*, row_number() OVER (PARTITION BY "day" ORDER BY "searches" DESC, "term") AS "place" FROM (
    SELECT ("received_at" AT TIME ZONE 'UTC')::date AS "day", lower(btrim(coalesce("params" ->> 'search_term', ''))) AS "term", count(*)::int AS "searches", max("received_at") AS "last_seen"
    FROM "analytics_events" WHERE "name" = 'search' AND "params" -> 'results' = '0'::jsonb GROUP BY 1, 2
  ) t
) ranked WHERE "place" <= 30;--> statement-breakpoint
INSERT INTO "analytics_daily_errors" ("day", "key", "message", "page", "events", "fatal", "last_seen")
SELECT "day", "key", "message", "page", "events", "fatal", "last_seen" FROM (
  SELECT r.*, md5(r."message" || chr(10) || r."page") AS "key", row_number() OVER (PARTITION BY "day" ORDER BY "events" DESC, md5(r."message" || chr(10) || r."page")) AS "place" FROM (
    SELECT ("received_at" AT TIME ZONE 'UTC')::date AS "day", coalesce(nullif(btrim("params" ->> 'description'), ''), '(no message)') AS "message", coalesce("page", '') AS "page",
           count(*)::int AS "events", (count(*) FILTER (WHERE "params" -> 'fatal' = 'true'::jsonb))::int AS "fatal", max("received_at") AS "last_seen"
    FROM "analytics_events" WHERE "name" = 'exception' GROUP BY 1, 2, 3
  ) r
) ranked WHERE "place" <= 20;--> statement-breakpoint
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
--> statement-breakpoint
-- What the collector runs for each batch (server/analytics/aggregates.ts recordEvents): the events of one UTC day logged (within p_raw_cap a day) and counted into the daily tables (within p_terms_cap terms and p_errors_cap error messages and pages a day), with the day's cap counters, in one statement. A function so that its plan is made once per connection, not for every batch. Answers how many events it was given.
CREATE FUNCTION "analytics_record_day"("p_day" date, "p_events" jsonb, "p_raw_cap" integer, "p_terms_cap" integer, "p_errors_cap" integer) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  "given" integer;
BEGIN
  WITH "input" AS (
    SELECT x."ord", e."t"::timestamptz AS "received_at", e."o"::timestamptz AS "occurred_at", e."n" AS "name", e."p" AS "page", e."v" AS "visitor", coalesce(e."a", '{}'::jsonb) AS "params"
    FROM jsonb_array_elements("p_events") WITH ORDINALITY AS x("j", "ord")
    CROSS JOIN LATERAL jsonb_to_record(x."j") AS e("t" text, "o" text, "n" text, "p" text, "v" text, "a" jsonb)
  ),
  "before" AS (
    SELECT coalesce(max(d."raw_events"), 0) AS "raw_events", coalesce(max(d."terms"), 0) AS "terms", coalesce(max(d."errors"), 0) AS "errors"
    FROM "analytics_days" d WHERE d."day" = "p_day"
  ),
  "logged" AS (
    INSERT INTO "analytics_events" ("received_at", "occurred_at", "name", "page", "visitor", "params")
    SELECT i."received_at", i."occurred_at", i."name", i."page", i."visitor", i."params" FROM "input" i
    WHERE i."ord" <= "p_raw_cap" - (SELECT b."raw_events" FROM "before" b)
    ORDER BY i."ord"
    RETURNING 1
  ),
  "counted" AS (
    INSERT INTO "analytics_daily_events" AS c ("day", "name", "events", "zero_results")
    SELECT "p_day", i."name", count(*)::int, (count(*) FILTER (WHERE i."name" = 'search' AND i."params" -> 'results' = '0'::jsonb))::int
    FROM "input" i GROUP BY i."name" ORDER BY i."name"
    ON CONFLICT ("day", "name") DO UPDATE SET "events" = c."events" + excluded."events", "zero_results" = c."zero_results" + excluded."zero_results"
  ),
  "terms" AS (
    SELECT t."term", t."searches", t."last_seen", k."term" IS NOT NULL AS "known",
           row_number() OVER (PARTITION BY k."term" IS NULL ORDER BY t."searches" DESC, t."term") AS "place"
    FROM (
      SELECT lower(btrim(coalesce(i."params" ->> 'search_term', ''))) AS "term", count(*)::int AS "searches", max(i."received_at") AS "last_seen"
      FROM "input" i WHERE i."name" = 'search' AND i."params" -> 'results' = '0'::jsonb GROUP BY 1
    ) t
    LEFT JOIN "analytics_daily_terms" k ON k."day" = "p_day" AND k."term" = t."term"
  ),
  "terms_kept" AS (
    SELECT t.*, t."known" OR t."place" <= "p_terms_cap" - (SELECT b."terms" FROM "before" b) AS "kept" FROM "terms" t
  ),
  "terms_written" AS (
    INSERT INTO "analytics_daily_terms" AS k ("day", "term", "searches", "last_seen")
    SELECT "p_day", t."term", t."searches", t."last_seen" FROM "terms_kept" t WHERE t."kept" ORDER BY t."term"
    ON CONFLICT ("day", "term") DO UPDATE SET "searches" = k."searches" + excluded."searches", "last_seen" = greatest(k."last_seen", excluded."last_seen")
  ),
  "errors" AS (
    SELECT r.*, k."key" IS NOT NULL AS "known",
           row_number() OVER (PARTITION BY k."key" IS NULL ORDER BY r."events" DESC, r."key") AS "place"
    FROM (
      SELECT md5(s."message" || chr(10) || s."page") AS "key", s."message", s."page", count(*)::int AS "events",
             (count(*) FILTER (WHERE s."fatal"))::int AS "fatal", max(s."received_at") AS "last_seen"
      FROM (
        SELECT coalesce(nullif(btrim(i."params" ->> 'description'), ''), '(no message)') AS "message", coalesce(i."page", '') AS "page",
               i."params" -> 'fatal' = 'true'::jsonb AS "fatal", i."received_at"
        FROM "input" i WHERE i."name" = 'exception'
      ) s
      GROUP BY s."message", s."page"
    ) r
    LEFT JOIN "analytics_daily_errors" k ON k."day" = "p_day" AND k."key" = r."key"
  ),
  "errors_kept" AS (
    SELECT r.*, r."known" OR r."place" <= "p_errors_cap" - (SELECT b."errors" FROM "before" b) AS "kept" FROM "errors" r
  ),
  "errors_written" AS (
    INSERT INTO "analytics_daily_errors" AS k ("day", "key", "message", "page", "events", "fatal", "last_seen")
    SELECT "p_day", r."key", r."message", r."page", r."events", r."fatal", r."last_seen" FROM "errors_kept" r WHERE r."kept" ORDER BY r."key"
    ON CONFLICT ("day", "key") DO UPDATE SET "events" = k."events" + excluded."events", "fatal" = k."fatal" + excluded."fatal", "last_seen" = greatest(k."last_seen", excluded."last_seen")
  ),
  "products" AS (
    SELECT i."name", item ->> 'item_id' AS "item_id"
    FROM "input" i
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(i."params" -> 'items') = 'array' THEN i."params" -> 'items' ELSE '[]'::jsonb END) AS item
    WHERE i."name" IN ('view_item_list', 'select_item')
  ),
  "listings" AS (
    SELECT p."item_id",
           (count(*) FILTER (WHERE p."name" = 'view_item_list'))::int AS "impressions",
           (count(*) FILTER (WHERE p."name" = 'select_item'))::int AS "clicks",
           EXISTS (SELECT 1 FROM "units" u WHERE u."property_code" = p."item_id") AS "listed"
    FROM "products" p WHERE p."item_id" IS NOT NULL GROUP BY p."item_id"
  ),
  "listing_days" AS (
    INSERT INTO "analytics_listing_days" AS l ("item_id", "day", "impressions", "clicks", "impressions_total", "clicks_total")
    SELECT s."item_id", "p_day", s."impressions", s."clicks", s."impressions" + coalesce(b."impressions_total", 0), s."clicks" + coalesce(b."clicks_total", 0)
    FROM "listings" s
    LEFT JOIN LATERAL (
      SELECT p."impressions_total", p."clicks_total" FROM "analytics_listing_days" p
      WHERE p."item_id" = s."item_id" AND p."day" < "p_day" ORDER BY p."day" DESC LIMIT 1
    ) b ON true
    WHERE s."listed" ORDER BY s."item_id"
    ON CONFLICT ("item_id", "day") DO UPDATE SET
      "impressions" = l."impressions" + excluded."impressions", "clicks" = l."clicks" + excluded."clicks",
      "impressions_total" = l."impressions_total" + excluded."impressions", "clicks_total" = l."clicks_total" + excluded."clicks"
  ),
  -- A day written after later days (history, a clock moved back): their running totals take it in.
  "listing_later" AS (
    UPDATE "analytics_listing_days" l SET "impressions_total" = l."impressions_total" + s."impressions", "clicks_total" = l."clicks_total" + s."clicks"
    FROM "listings" s WHERE s."listed" AND l."item_id" = s."item_id" AND l."day" > "p_day"
  ),
  "day_written" AS (
    INSERT INTO "analytics_days" AS y ("day", "raw_events", "raw_over", "terms", "terms_over", "errors", "errors_over", "other_items")
    SELECT "p_day",
           (SELECT count(*) FROM "logged")::int,
           ((SELECT count(*) FROM "input") - (SELECT count(*) FROM "logged"))::int,
           (SELECT count(*) FROM "terms_kept" t WHERE t."kept" AND NOT t."known")::int,
           (SELECT coalesce(sum(t."searches"), 0) FROM "terms_kept" t WHERE NOT t."kept")::int,
           (SELECT count(*) FROM "errors_kept" r WHERE r."kept" AND NOT r."known")::int,
           (SELECT coalesce(sum(r."events"), 0) FROM "errors_kept" r WHERE NOT r."kept")::int,
           (SELECT coalesce(sum(s."impressions" + s."clicks"), 0) FROM "listings" s WHERE NOT s."listed")::int
    ON CONFLICT ("day") DO UPDATE SET
      "raw_events" = y."raw_events" + excluded."raw_events", "raw_over" = y."raw_over" + excluded."raw_over",
      "terms" = y."terms" + excluded."terms", "terms_over" = y."terms_over" + excluded."terms_over",
      "errors" = y."errors" + excluded."errors", "errors_over" = y."errors_over" + excluded."errors_over",
      "other_items" = y."other_items" + excluded."other_items"
  )
  SELECT (SELECT count(*) FROM "input")::int INTO "given";
  RETURN "given";
END
$fn$;
