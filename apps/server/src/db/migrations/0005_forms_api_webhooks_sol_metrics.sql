ALTER TYPE "public"."reference_check_status" ADD VALUE 'collecting' BEFORE 'calling';--> statement-breakpoint
ALTER TYPE "public"."reference_check_status" ADD VALUE 'summarising' BEFORE 'completed';--> statement-breakpoint
CREATE TABLE "form_submission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"form_link_id" uuid NOT NULL,
	"profile_id" uuid,
	"locale" "locale" NOT NULL,
	"consent_version" varchar(32) NOT NULL,
	"consented_at" timestamp (3) with time zone NOT NULL,
	"consent_ip" "inet",
	"user_agent" varchar(512),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"profile_id" uuid,
	"form_link_id" uuid,
	"created_by" uuid,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"owner_id" uuid NOT NULL,
	"key" varchar(255) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"payload" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"give_up_at" timestamp (3) with time zone NOT NULL,
	"locked_by" varchar(100),
	"locked_until" timestamp (3) with time zone,
	"last_response_status" integer,
	"last_error" text,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"url" varchar(2048) NOT NULL,
	"description" varchar(200),
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" varchar(100) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_status_count" (
	"owner_id" uuid NOT NULL,
	"status" "profile_status" NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "owner_status_count_owner_id_status_pk" PRIMARY KEY("owner_id","status")
);
--> statement-breakpoint
CREATE TABLE "profile_status_delta" (
	"owner_id" uuid NOT NULL,
	"status" "profile_status" NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_link" ADD COLUMN "label" varchar(120);--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "expired_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "language" varchar(2) DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "candidate_name" varchar(200);--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "candidate_message_id" varchar(128);--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "candidate_replied_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "next_run_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "locked_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "cross_check" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reference_check" ADD COLUMN "fraud_signals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "claimed" jsonb;--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "stated" jsonb;--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "call_id" varchar(128);--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "call_status" varchar(32);--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "next_call_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "recording_url" text;--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "segments" jsonb;--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_form_link_id_form_link_id_fk" FOREIGN KEY ("form_link_id") REFERENCES "public"."form_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_form_link_id_form_link_id_fk" FOREIGN KEY ("form_link_id") REFERENCES "public"."form_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_webhook_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_status_count" ADD CONSTRAINT "owner_status_count_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submission_link_idx" ON "form_submission" USING btree ("form_link_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submission_owner_idx" ON "form_submission" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "upload_owner_profile_idx" ON "upload" USING btree ("owner_id","profile_id");--> statement-breakpoint
CREATE INDEX "upload_form_link_idx" ON "upload" USING btree ("form_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_key_owner_key_idx" ON "idempotency_key" USING btree ("owner_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_key_created_idx" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempt_delivery_attempt_idx" ON "webhook_attempt" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_endpoint_created_idx" ON "webhook_delivery" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoint_owner_idx" ON "webhook_endpoint" USING btree ("owner_id","active");--> statement-breakpoint
CREATE INDEX "profile_status_delta_owner_idx" ON "profile_status_delta" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "profile_visible_from_idx" ON "profile" USING btree ("visible_from","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_check_report_idx" ON "reference_check" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "reference_check_due_idx" ON "reference_check" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "reference_phone_idx" ON "reference" USING btree ("owner_id","phone");--> statement-breakpoint
CREATE INDEX "reference_call_idx" ON "reference" USING btree ("call_id");