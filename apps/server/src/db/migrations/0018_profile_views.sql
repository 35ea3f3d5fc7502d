CREATE TYPE "public"."profile_view_channel" AS ENUM('dashboard', 'api');--> statement-breakpoint
CREATE TYPE "public"."profile_view_kind" AS ENUM('profile', 'report', 'file', 'recording', 'transcript', 'export');--> statement-breakpoint
CREATE TABLE "profile_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"viewer_user_id" uuid,
	"viewer_api_key_id" uuid,
	"viewer_label" varchar(254) NOT NULL,
	"what" "profile_view_kind" NOT NULL,
	"channel" "profile_view_channel" NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "profile_view_window_uq" UNIQUE NULLS NOT DISTINCT("profile_id","viewer_user_id","viewer_api_key_id","what","channel","window_start")
);
--> statement-breakpoint
ALTER TABLE "profile_view" ADD CONSTRAINT "profile_view_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_view" ADD CONSTRAINT "profile_view_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_view_list_idx" ON "profile_view" USING btree ("profile_id","at","id");