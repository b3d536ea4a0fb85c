CREATE TABLE "shop_installations" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"access_token" text,
	"access_token_key_id" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token" text,
	"refresh_token_key_id" text,
	"refresh_expires_at" timestamp with time zone,
	"scopes" text DEFAULT '' NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uninstalled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_webhook_receipts" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"shop" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_usertype_check";--> statement-breakpoint
UPDATE "users" SET "usertype" = 'shopifyuser' WHERE "usertype" = 'shopify';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_installations" ADD CONSTRAINT "shop_installations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_installations_shop_key" ON "shop_installations" USING btree ("shop");--> statement-breakpoint
CREATE INDEX "shopify_webhook_receipts_shop_idx" ON "shopify_webhook_receipts" USING btree ("shop");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_status_check" CHECK ("accounts"."status" in ('active', 'uninstalled'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_usertype_check" CHECK ("users"."usertype" in ('email', 'social', 'shopifyuser'));
