ALTER TABLE "feedbacks" ADD COLUMN "meta_pixel_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "tiktok_pixel_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "meta_pixel_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "tiktok_pixel_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "meta_pixel_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "tiktok_pixel_id" text DEFAULT '' NOT NULL;