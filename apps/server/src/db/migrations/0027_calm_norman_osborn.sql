ALTER TABLE "watchlist_alert" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "watchlist_dismissal" ADD COLUMN "verdict" varchar(16) DEFAULT 'homonym' NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_dismissal" ADD COLUMN "reason" text;