CREATE TABLE "csv_job_failure" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"field" varchar(32),
	"code" varchar(32) NOT NULL,
	CONSTRAINT "csv_job_failure_job_id_line_seq_pk" PRIMARY KEY("job_id","line","seq")
);
--> statement-breakpoint
CREATE TABLE "api_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"user_id" uuid,
	"name" varchar(100) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "api_key_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "csv_job" ALTER COLUMN "mode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "credits_charged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "delimiter" varchar(1);--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "encoding" varchar(16);--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "headers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "committed_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "locked_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "csv_job_failure" ADD CONSTRAINT "csv_job_failure_job_id_csv_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."csv_job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_owner_idx" ON "api_key" USING btree ("owner_id","user_id");--> statement-breakpoint
CREATE INDEX "profile_email_trgm_idx" ON "profile" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profile_phone_trgm_idx" ON "profile" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "report_owner_created_idx" ON "report" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "report_owner_completed_idx" ON "report" USING btree ("owner_id","completed_at");--> statement-breakpoint
CREATE INDEX "csv_job_runnable_idx" ON "csv_job" USING btree ("status","locked_until") WHERE "csv_job"."status" in ('queued', 'processing');