CREATE TYPE "public"."privacy_request_kind" AS ENUM('correction', 'export');--> statement-breakpoint
CREATE TYPE "public"."privacy_request_status" AS ENUM('open', 'resolved', 'preparing', 'ready', 'expired', 'failed');--> statement-breakpoint
CREATE TABLE "candidate_access" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"locale" varchar(2) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" "privacy_request_kind" NOT NULL,
	"status" "privacy_request_status" NOT NULL,
	"message" text,
	"upload_id" uuid,
	"locale" varchar(2) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" uuid,
	"resolution" text,
	"export_keys" text[],
	"expires_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" varchar(100),
	"locked_until" timestamp (3) with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "consent_withdrawn_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "candidate_access" ADD CONSTRAINT "candidate_access_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_access" ADD CONSTRAINT "candidate_access_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request" ADD CONSTRAINT "privacy_request_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request" ADD CONSTRAINT "privacy_request_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request" ADD CONSTRAINT "privacy_request_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request" ADD CONSTRAINT "privacy_request_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_access_code_idx" ON "candidate_access" USING btree ("code");--> statement-breakpoint
CREATE INDEX "privacy_request_profile_idx" ON "privacy_request" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_request_status_idx" ON "privacy_request" USING btree ("status","created_at");