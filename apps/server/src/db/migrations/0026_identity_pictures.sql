CREATE TABLE "identity_picture" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"profile_id" uuid,
	"form_link_id" uuid,
	"created_by" uuid,
	"kind" varchar(32) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"problems" text[] DEFAULT '{}'::text[] NOT NULL,
	"accepted_after_tries" boolean DEFAULT false NOT NULL,
	"turn" varchar(8),
	"mirrored" boolean DEFAULT false NOT NULL,
	"picture_hash" varchar(16),
	"consent_version" varchar(32) NOT NULL,
	"consented_at" timestamp (3) with time zone NOT NULL,
	"consent_ip" "inet",
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owner" ADD COLUMN "identity_minimum_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_picture" ADD CONSTRAINT "identity_picture_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_picture" ADD CONSTRAINT "identity_picture_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_picture" ADD CONSTRAINT "identity_picture_form_link_id_form_link_id_fk" FOREIGN KEY ("form_link_id") REFERENCES "public"."form_link"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_picture" ADD CONSTRAINT "identity_picture_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_picture_profile_idx" ON "identity_picture" USING btree ("profile_id","kind");--> statement-breakpoint
CREATE INDEX "identity_picture_owner_hash_idx" ON "identity_picture" USING btree ("owner_id","picture_hash");--> statement-breakpoint
CREATE INDEX "identity_picture_form_link_idx" ON "identity_picture" USING btree ("form_link_id");