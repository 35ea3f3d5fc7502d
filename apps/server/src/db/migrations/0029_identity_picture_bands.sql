ALTER TABLE "identity_picture" ADD COLUMN "picture_bands" integer[];--> statement-breakpoint
CREATE INDEX "identity_picture_bands_idx" ON "identity_picture" USING gin ("picture_bands");--> statement-breakpoint
UPDATE "identity_picture" SET "picture_bands" = ARRAY(SELECT i * 256 + ('x' || substr("picture_hash", 2 * i + 1, 2))::bit(8)::int FROM generate_series(0, 7) AS i ORDER BY i) WHERE "picture_hash" IS NOT NULL;
