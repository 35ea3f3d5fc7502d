CREATE TABLE "watchlist_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"report_id" uuid,
	"source_id" varchar(32) NOT NULL,
	"entry_id" varchar(64) NOT NULL,
	"version_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"finding" jsonb NOT NULL,
	"resolution" varchar(16),
	"reviewed_by" uuid,
	"reviewed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_dismissal" (
	"profile_id" uuid NOT NULL,
	"source_id" varchar(32) NOT NULL,
	"entry_id" varchar(64) NOT NULL,
	"dismissed_by" uuid,
	"dismissed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_dismissal_profile_id_source_id_entry_id_pk" PRIMARY KEY("profile_id","source_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_document" (
	"entry_row_id" uuid NOT NULL,
	"type" varchar(16) NOT NULL,
	"number" varchar(64) NOT NULL,
	"country" varchar(2)
);
--> statement-breakpoint
CREATE TABLE "watchlist_enrolment" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"via" varchar(16) NOT NULL,
	"sorted_key" text NOT NULL,
	"document_number" varchar(64),
	"birth_date" varchar(10),
	"enrolled_by" uuid,
	"enrolled_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" varchar(32) NOT NULL,
	"entry_id" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" text NOT NULL,
	"hash" varchar(64) NOT NULL,
	"data" jsonb NOT NULL,
	"added_in" integer NOT NULL,
	"removed_in" integer
);
--> statement-breakpoint
CREATE TABLE "watchlist_monitor_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"cursor" uuid,
	"alerts" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(100),
	"locked_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "watchlist_monitor_run_version_id_unique" UNIQUE("version_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_name" (
	"entry_row_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sorted_key" text NOT NULL,
	"alias" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_setting" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"review_threshold" real DEFAULT 0.82 NOT NULL,
	"monitor_all" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_source" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"current_version_id" uuid,
	"etag" varchar(256),
	"last_modified" varchar(64),
	"next_sync_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(100),
	"locked_until" timestamp (3) with time zone,
	"checked_at" timestamp (3) with time zone,
	"last_error_at" timestamp (3) with time zone,
	"last_error_code" varchar(48),
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "watchlist_sync_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" varchar(32) NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"error_code" varchar(48),
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" varchar(32) NOT NULL,
	"seq" integer NOT NULL,
	"origin" varchar(16) NOT NULL,
	"file_name" varchar(255),
	"file_sha256" varchar(64) NOT NULL,
	"bytes" integer NOT NULL,
	"published_at" timestamp (3) with time zone,
	"entries" integer NOT NULL,
	"individuals" integer NOT NULL,
	"entities" integer NOT NULL,
	"added" integer NOT NULL,
	"removed" integer NOT NULL,
	"changed" integer NOT NULL,
	"loaded_by" uuid,
	"loaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlist_alert" ADD CONSTRAINT "watchlist_alert_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_alert" ADD CONSTRAINT "watchlist_alert_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_alert" ADD CONSTRAINT "watchlist_alert_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_alert" ADD CONSTRAINT "watchlist_alert_version_id_watchlist_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."watchlist_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_alert" ADD CONSTRAINT "watchlist_alert_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_dismissal" ADD CONSTRAINT "watchlist_dismissal_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_dismissal" ADD CONSTRAINT "watchlist_dismissal_dismissed_by_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_document" ADD CONSTRAINT "watchlist_document_entry_row_id_watchlist_entry_id_fk" FOREIGN KEY ("entry_row_id") REFERENCES "public"."watchlist_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_enrolment" ADD CONSTRAINT "watchlist_enrolment_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_enrolment" ADD CONSTRAINT "watchlist_enrolment_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_enrolment" ADD CONSTRAINT "watchlist_enrolment_enrolled_by_user_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entry" ADD CONSTRAINT "watchlist_entry_source_id_watchlist_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."watchlist_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_monitor_run" ADD CONSTRAINT "watchlist_monitor_run_version_id_watchlist_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."watchlist_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_name" ADD CONSTRAINT "watchlist_name_entry_row_id_watchlist_entry_id_fk" FOREIGN KEY ("entry_row_id") REFERENCES "public"."watchlist_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_setting" ADD CONSTRAINT "watchlist_setting_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_version" ADD CONSTRAINT "watchlist_version_source_id_watchlist_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."watchlist_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_version" ADD CONSTRAINT "watchlist_version_loaded_by_user_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_alert_once_idx" ON "watchlist_alert" USING btree ("profile_id","version_id","entry_id","kind");--> statement-breakpoint
CREATE INDEX "watchlist_alert_owner_open_idx" ON "watchlist_alert" USING btree ("owner_id","reviewed_at","created_at");--> statement-breakpoint
CREATE INDEX "watchlist_document_number_idx" ON "watchlist_document" USING btree ("number");--> statement-breakpoint
CREATE INDEX "watchlist_document_entry_idx" ON "watchlist_document" USING btree ("entry_row_id");--> statement-breakpoint
CREATE INDEX "watchlist_enrolment_owner_idx" ON "watchlist_enrolment" USING btree ("owner_id","enrolled_at");--> statement-breakpoint
CREATE INDEX "watchlist_enrolment_trgm_idx" ON "watchlist_enrolment" USING gin ("sorted_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "watchlist_enrolment_document_idx" ON "watchlist_enrolment" USING btree ("document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_entry_open_idx" ON "watchlist_entry" USING btree ("source_id","entry_id") WHERE "watchlist_entry"."removed_in" is null;--> statement-breakpoint
CREATE INDEX "watchlist_entry_source_added_idx" ON "watchlist_entry" USING btree ("source_id","added_in");--> statement-breakpoint
CREATE INDEX "watchlist_entry_source_removed_idx" ON "watchlist_entry" USING btree ("source_id","removed_in");--> statement-breakpoint
CREATE INDEX "watchlist_monitor_run_due_idx" ON "watchlist_monitor_run" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "watchlist_name_trgm_idx" ON "watchlist_name" USING gin ("sorted_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "watchlist_name_entry_idx" ON "watchlist_name" USING btree ("entry_row_id");--> statement-breakpoint
CREATE INDEX "watchlist_sync_log_source_at_idx" ON "watchlist_sync_log" USING btree ("source_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_version_source_seq_idx" ON "watchlist_version" USING btree ("source_id","seq");