ALTER TABLE "report" ADD COLUMN "findings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "missing_inputs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "run_after" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "locked_by" varchar(100);--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "locked_until" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "report_status_run_after_idx" ON "report" USING btree ("status","run_after");