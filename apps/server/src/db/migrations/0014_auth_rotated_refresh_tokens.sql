CREATE TABLE "auth_rotated_refresh_token" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"rotated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_rotated_refresh_token" ADD CONSTRAINT "auth_rotated_refresh_token_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_rotated_refresh_token_session_idx" ON "auth_rotated_refresh_token" USING btree ("session_id","rotated_at");