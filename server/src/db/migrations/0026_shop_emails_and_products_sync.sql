ALTER TABLE "accounts" ADD COLUMN "shop_email" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notification_email" text;--> statement-breakpoint
ALTER TABLE "shop_installations" ADD COLUMN "products_sync_state" text;--> statement-breakpoint
ALTER TABLE "shop_installations" ADD COLUMN "products_sync_failure" text;--> statement-breakpoint
ALTER TABLE "shop_installations" ADD COLUMN "products_sync_at" timestamp with time zone;