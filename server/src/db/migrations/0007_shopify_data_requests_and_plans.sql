CREATE TABLE "shop_plans" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"name" text DEFAULT '' NOT NULL,
	"status" text,
	"test" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"webhook_id" text NOT NULL,
	"shopify_request_id" text,
	"shopify_customer_id" text,
	"customer_email" text,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_plans" ADD CONSTRAINT "shop_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_data_requests" ADD CONSTRAINT "shopify_data_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_data_requests_webhook_id_key" ON "shopify_data_requests" USING btree ("webhook_id");--> statement-breakpoint
CREATE INDEX "shopify_data_requests_account_created_idx" ON "shopify_data_requests" USING btree ("account_id","created_at");