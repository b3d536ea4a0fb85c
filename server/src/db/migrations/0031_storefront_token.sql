ALTER TABLE "shop_installations" ADD COLUMN "storefront_token" text;--> statement-breakpoint
ALTER TABLE "shop_installations" ADD COLUMN "storefront_token_key_id" text;