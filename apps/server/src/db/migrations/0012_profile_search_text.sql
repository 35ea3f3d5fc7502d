DROP INDEX "profile_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profile_document_trgm_idx";--> statement-breakpoint
DROP INDEX "profile_email_trgm_idx";--> statement-breakpoint
DROP INDEX "profile_phone_trgm_idx";--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name::text || chr(31) || document_id::text || chr(31) || coalesce(email::text, '') || chr(31) || coalesce(phone::text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "profile_search_trgm_idx" ON "profile" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Statistics for the new column now, not at the next autovacuum: without them the planner guesses the
-- LIKE's selectivity and may scan the whole tenant for a rare term.
ANALYZE "profile";
