CREATE TABLE "analytics_rollup_week" (
	"owner_id" uuid NOT NULL,
	"utc_offset" smallint NOT NULL,
	"day" date NOT NULL,
	"metric" smallint NOT NULL,
	"country" "country" NOT NULL,
	"pipeline_id" uuid,
	"dim" text NOT NULL,
	"bucket" smallint NOT NULL,
	"n" bigint NOT NULL,
	"total" bigint NOT NULL,
	"buckets" smallint[],
	"counts" integer[]
);
--> statement-breakpoint
ALTER TABLE "analytics_rollup_week" ADD CONSTRAINT "analytics_rollup_week_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_rollup_week_owner_day_idx" ON "analytics_rollup_week" USING btree ("owner_id","utc_offset","metric","day");--> statement-breakpoint
-- Backfill: every week of the existing day rollups (the compaction keeps them from now on; rollups.ts).
INSERT INTO "analytics_rollup_week" (owner_id, utc_offset, day, metric, country, pipeline_id, dim, bucket, n, total, buckets, counts)
SELECT owner_id, utc_offset, date_trunc('week', day)::date, metric, country, pipeline_id, dim, bucket, sum(n), sum(total), NULL, NULL
FROM "analytics_rollup" WHERE buckets IS NULL
GROUP BY owner_id, utc_offset, date_trunc('week', day)::date, metric, country, pipeline_id, dim, bucket
UNION ALL
SELECT owner_id, utc_offset, week, metric, country, pipeline_id, dim, 0, sum(c), 0, array_agg(b ORDER BY b), array_agg(c ORDER BY b)
FROM (
  SELECT x.owner_id, x.utc_offset, date_trunc('week', x.day)::date AS week, x.metric, x.country, x.pipeline_id, x.dim, u.b, sum(u.c)::int AS c
  FROM "analytics_rollup" x CROSS JOIN LATERAL unnest(x.buckets, x.counts) AS u(b, c)
  WHERE x.buckets IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
) h
GROUP BY owner_id, utc_offset, week, metric, country, pipeline_id, dim;
--> statement-breakpoint
ANALYZE "analytics_rollup_week";
