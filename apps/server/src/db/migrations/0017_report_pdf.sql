CREATE TABLE "report_pdf" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(16) NOT NULL,
	"owner_id" uuid NOT NULL,
	"owner_name" varchar(200) NOT NULL,
	"profile_id" uuid,
	"language" varchar(2) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_pdf" ADD CONSTRAINT "report_pdf_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_pdf" ADD CONSTRAINT "report_pdf_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_pdf_code_idx" ON "report_pdf" USING btree ("code");--> statement-breakpoint
CREATE INDEX "report_pdf_profile_idx" ON "report_pdf" USING btree ("profile_id");