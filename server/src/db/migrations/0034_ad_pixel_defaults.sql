ALTER TABLE "accounts" ADD COLUMN "meta_pixel_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tiktok_pixel_id" text DEFAULT '' NOT NULL;