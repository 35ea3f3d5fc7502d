ALTER TABLE "owner" ADD COLUMN "retention_months" integer;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "legal_hold_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "legal_hold_by" uuid;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "legal_hold_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_legal_hold_by_user_id_fk" FOREIGN KEY ("legal_hold_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner" ADD CONSTRAINT "owner_retention_months_range" CHECK ("owner"."retention_months" is null or "owner"."retention_months" between 1 and 120);