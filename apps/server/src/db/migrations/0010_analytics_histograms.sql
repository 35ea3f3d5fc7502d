ALTER TABLE "analytics_rollup" ADD COLUMN "buckets" smallint[];--> statement-breakpoint
ALTER TABLE "analytics_rollup" ADD COLUMN "counts" integer[];--> statement-breakpoint
-- Turnaround and review rows are now one per (day, country, pipeline, dimension) holding the histogram:
-- mark every rolled-up day dirty, then drop the old rows (the compaction recomputes them; reads use the
-- source tables for dirty days meanwhile).
INSERT INTO analytics_dirty (owner_id, day) SELECT DISTINCT owner_id, day FROM analytics_rollup;
--> statement-breakpoint
DELETE FROM analytics_rollup WHERE metric IN (3, 4);
