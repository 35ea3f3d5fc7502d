ALTER TABLE "csv_job" ADD COLUMN "duplicates" varchar(8) DEFAULT 'create' NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "updated" integer DEFAULT 0 NOT NULL;