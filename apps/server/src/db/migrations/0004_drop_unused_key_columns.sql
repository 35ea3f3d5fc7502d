ALTER TABLE "owner" DROP CONSTRAINT "owner_api_key_hash_unique";--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_api_key_hash_unique";--> statement-breakpoint
ALTER TABLE "owner" DROP COLUMN "api_key_hash";--> statement-breakpoint
ALTER TABLE "owner" DROP COLUMN "api_key_prefix";--> statement-breakpoint
ALTER TABLE "owner" DROP COLUMN "api_key_created_at";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "api_key_hash";--> statement-breakpoint
ALTER TABLE "user" DROP COLUMN "api_key_prefix";--> statement-breakpoint
ALTER TABLE "csv_job" DROP COLUMN "failures";