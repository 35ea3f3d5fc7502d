ALTER TABLE "owner" ADD COLUMN "consent_attestation_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "consent_attested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "consent_attested_by" uuid;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "consent_attested_key_id" uuid;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "consent_version" varchar(32);--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "consent_attested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "consent_attested_by" uuid;--> statement-breakpoint
ALTER TABLE "csv_job" ADD COLUMN "consent_version" varchar(32);--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_consent_attested_by_user_id_fk" FOREIGN KEY ("consent_attested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_consent_attested_key_id_api_key_id_fk" FOREIGN KEY ("consent_attested_key_id") REFERENCES "public"."api_key"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_job" ADD CONSTRAINT "csv_job_consent_attested_by_user_id_fk" FOREIGN KEY ("consent_attested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submission_profile_idx" ON "form_submission" USING btree ("profile_id");