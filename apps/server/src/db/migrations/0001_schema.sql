CREATE TYPE "public"."api_key_mode" AS ENUM('own', 'owner');--> statement-breakpoint
CREATE TYPE "public"."country" AS ENUM('ar', 'br', 'cl', 'co', 'cr', 'ec', 'mx', 'pa', 'pe', 'xx');--> statement-breakpoint
CREATE TYPE "public"."created_as" AS ENUM('dashboard', 'api', 'csv', 'form');--> statement-breakpoint
CREATE TYPE "public"."credit_entry_kind" AS ENUM('refill', 'debit', 'adjustment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."csv_job_mode" AS ENUM('pipeline', 'advanced');--> statement-breakpoint
CREATE TYPE "public"."csv_job_status" AS ENUM('uploaded', 'queued', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('national_id', 'foreign_id', 'passport', 'tax_id', 'other');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('en', 'es');--> statement-breakpoint
CREATE TYPE "public"."owner_plan" AS ENUM('free', 'standard');--> statement-breakpoint
CREATE TYPE "public"."profile_status" AS ENUM('ERROR', 'FAILED', 'INCOMPLETE', 'INFO', 'PASSED', 'PENDING_MANUAL_REVIEW', 'PENDING', 'PRECANDIDATE');--> statement-breakpoint
CREATE TYPE "public"."reference_check_status" AS ENUM('pending', 'contacting', 'calling', 'completed', 'declined', 'expired');--> statement-breakpoint
CREATE TYPE "public"."reference_status" AS ENUM('pending', 'calling', 'completed', 'unreachable', 'declined');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('COMPLETED', 'ERROR', 'INCOMPLETE', 'INFO', 'PENDING_MANUAL_REVIEW', 'PENDING');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TABLE "owner" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_name" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"plan" "owner_plan" DEFAULT 'standard' NOT NULL,
	"credits_initial" integer DEFAULT 0 NOT NULL,
	"credits_available" integer DEFAULT 0 NOT NULL,
	"credits_refilled_at" timestamp (3) with time zone,
	"deferred_api_sync" boolean DEFAULT false NOT NULL,
	"api_key_hash" varchar(64),
	"api_key_prefix" varchar(16),
	"api_key_created_at" timestamp (3) with time zone,
	"country" "country",
	"tax_id" varchar(64),
	"billing_email" varchar(254),
	"support_notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_code_name_unique" UNIQUE("code_name"),
	CONSTRAINT "owner_api_key_hash_unique" UNIQUE("api_key_hash"),
	CONSTRAINT "owner_credits_non_negative" CHECK ("owner"."credits_available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token_hash" varchar(64) NOT NULL,
	"refresh_token_hash" varchar(64) NOT NULL,
	"access_expires_at" timestamp (3) with time zone NOT NULL,
	"refresh_expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_session_access_token_hash_unique" UNIQUE("access_token_hash"),
	CONSTRAINT "auth_session_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"username" varchar(254) NOT NULL,
	"api_key_mode" "api_key_mode" DEFAULT 'owner' NOT NULL,
	"api_key_hash" varchar(64),
	"api_key_prefix" varchar(16),
	"available_countries" "country"[] DEFAULT '{}' NOT NULL,
	"default_country" "country",
	"default_locale" "locale" DEFAULT 'en' NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"status" "user_status" DEFAULT 'active' NOT NULL,
	"password_hash" text,
	"external_subject" varchar(255),
	"last_login_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_username_unique" UNIQUE("username"),
	CONSTRAINT "user_api_key_hash_unique" UNIQUE("api_key_hash"),
	CONSTRAINT "user_external_subject_unique" UNIQUE("external_subject"),
	CONSTRAINT "user_username_lower" CHECK ("user"."username" = lower("user"."username")),
	CONSTRAINT "user_owner_required" CHECK ("user"."owner_id" IS NOT NULL OR "user"."roles" && ARRAY['admin','support']::text[])
);
--> statement-breakpoint
CREATE TABLE "pipeline" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" varchar(21) NOT NULL,
	"description" text,
	"country" "country" NOT NULL,
	"report_types" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"country" "country" NOT NULL,
	"document_type" "document_type" DEFAULT 'national_id' NOT NULL,
	"document_id" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"email" varchar(254),
	"phone" varchar(32),
	"birth_date" date,
	"city" varchar(120),
	"city_locode" varchar(8),
	"state" varchar(120),
	"status" "profile_status" DEFAULT 'PENDING' NOT NULL,
	"created_by" uuid,
	"created_as" "created_as" DEFAULT 'dashboard' NOT NULL,
	"pipeline_id" uuid,
	"manually_reviewed" boolean DEFAULT false NOT NULL,
	"observations" text,
	"outcome" varchar(64),
	"validation_comment" text,
	"confirmed_homonym" boolean DEFAULT false NOT NULL,
	"excluded_process_type" varchar(120),
	"crime_category" varchar(120),
	"sentencing_status" varchar(120),
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visible_from" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"type" varchar(64) NOT NULL,
	"status" "report_status" DEFAULT 'PENDING' NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csv_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" varchar(255) NOT NULL,
	"file_size" integer NOT NULL,
	"file_path" text,
	"country" "country" NOT NULL,
	"mode" "csv_job_mode" NOT NULL,
	"pipeline_id" uuid,
	"report_types" text[] DEFAULT '{}' NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "csv_job_status" DEFAULT 'uploaded' NOT NULL,
	"row_count" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"code" varchar(64) NOT NULL,
	"country" "country" NOT NULL,
	"pipeline_id" uuid,
	"created_by" uuid,
	"expires_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"max_submissions" integer,
	"submissions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_link_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "reference_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"report_id" uuid,
	"status" "reference_check_status" DEFAULT 'pending' NOT NULL,
	"candidate_phone" varchar(32) NOT NULL,
	"candidate_contacted_at" timestamp (3) with time zone,
	"deadline_at" timestamp (3) with time zone NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"declined_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"reference_check_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"relationship" varchar(120) NOT NULL,
	"status" "reference_status" DEFAULT 'pending' NOT NULL,
	"call_attempts" integer DEFAULT 0 NOT NULL,
	"call_duration_seconds" integer,
	"whatsapp_contacted_at" timestamp (3) with time zone,
	"called_at" timestamp (3) with time zone,
	"summary" jsonb,
	"transcript" text,
	"recording_path" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"actor_user_id" uuid,
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(64) NOT NULL,
	"entity_id" varchar(64),
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ip" "inet",
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" "credit_entry_kind" NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"report_id" uuid,
	"dedupe_key" varchar(120),
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline" ADD CONSTRAINT "pipeline_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline" ADD CONSTRAINT "pipeline_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_pipeline_id_pipeline_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipeline"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_job" ADD CONSTRAINT "csv_job_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_job" ADD CONSTRAINT "csv_job_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_job" ADD CONSTRAINT "csv_job_pipeline_id_pipeline_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipeline"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_link" ADD CONSTRAINT "form_link_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_link" ADD CONSTRAINT "form_link_pipeline_id_pipeline_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipeline"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_link" ADD CONSTRAINT "form_link_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_check" ADD CONSTRAINT "reference_check_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_check" ADD CONSTRAINT "reference_check_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_check" ADD CONSTRAINT "reference_check_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference" ADD CONSTRAINT "reference_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference" ADD CONSTRAINT "reference_reference_check_id_reference_check_id_fk" FOREIGN KEY ("reference_check_id") REFERENCES "public"."reference_check"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_owner_idx" ON "user" USING btree ("owner_id","username");--> statement-breakpoint
CREATE INDEX "pipeline_owner_country_idx" ON "pipeline" USING btree ("owner_id","country","name");--> statement-breakpoint
CREATE INDEX "profile_owner_created_idx" ON "profile" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "profile_owner_status_created_idx" ON "profile" USING btree ("owner_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "profile_owner_country_created_idx" ON "profile" USING btree ("owner_id","country","created_at","id");--> statement-breakpoint
CREATE INDEX "profile_owner_document_idx" ON "profile" USING btree ("owner_id","document_id");--> statement-breakpoint
CREATE INDEX "profile_document_idx" ON "profile" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_name_trgm_idx" ON "profile" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profile_document_trgm_idx" ON "profile" USING gin ("document_id" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "report_profile_type_idx" ON "report" USING btree ("profile_id","type");--> statement-breakpoint
CREATE INDEX "report_owner_status_created_idx" ON "report" USING btree ("owner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "csv_job_owner_created_idx" ON "csv_job" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "form_link_owner_idx" ON "form_link" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "reference_check_owner_status_idx" ON "reference_check" USING btree ("owner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reference_check_idx" ON "reference" USING btree ("reference_check_id");--> statement-breakpoint
CREATE INDEX "audit_event_owner_at_idx" ON "audit_event" USING btree ("owner_id","at");--> statement-breakpoint
CREATE INDEX "audit_event_entity_idx" ON "audit_event" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_owner_idx" ON "credit_ledger" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_dedupe_idx" ON "credit_ledger" USING btree ("owner_id","dedupe_key");