CREATE TABLE "inbox_assignment" (
	"owner_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref" varchar(200) NOT NULL,
	"profile_id" uuid NOT NULL,
	"assignee_id" uuid,
	"assigned_by" uuid,
	"assigned_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_assignment_owner_id_kind_ref_pk" PRIMARY KEY("owner_id","kind","ref")
);
--> statement-breakpoint
ALTER TABLE "owner" ADD COLUMN "correction_deadline_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_assignment" ADD CONSTRAINT "inbox_assignment_owner_id_owner_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_assignment" ADD CONSTRAINT "inbox_assignment_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_assignment" ADD CONSTRAINT "inbox_assignment_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_assignment" ADD CONSTRAINT "inbox_assignment_assigned_by_user_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_assignment_assignee_idx" ON "inbox_assignment" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "inbox_assignment_profile_idx" ON "inbox_assignment" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "owner" ADD CONSTRAINT "owner_correction_deadline_range" CHECK ("owner"."correction_deadline_days" between 1 and 60);