CREATE TABLE "analytics_dirty" (
	"owner_id" uuid NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup" (
	"owner_id" uuid NOT NULL,
	"utc_offset" smallint NOT NULL,
	"day" date NOT NULL,
	"metric" smallint NOT NULL,
	"country" "country" NOT NULL,
	"pipeline_id" uuid,
	"dim" text NOT NULL,
	"bucket" smallint NOT NULL,
	"n" bigint NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_rollup" ADD CONSTRAINT "analytics_rollup_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_dirty_owner_day_idx" ON "analytics_dirty" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "analytics_rollup_owner_day_idx" ON "analytics_rollup" USING btree ("owner_id","utc_offset","metric","day");--> statement-breakpoint
CREATE INDEX "credit_ledger_report_idx" ON "credit_ledger" USING btree ("report_id");