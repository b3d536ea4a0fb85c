ALTER TABLE "accounts" ADD COLUMN "shop_email" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notification_email" text;