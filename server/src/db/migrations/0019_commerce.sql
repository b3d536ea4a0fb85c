CREATE TABLE "attributed_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text DEFAULT '' NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"slot" text,
	"variant" text,
	"via" text NOT NULL,
	"prize_code" text,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"discount_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"code" text NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"email" text,
	"submission_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"settings" jsonb NOT NULL,
	"shopify_discount_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"variant_id" text,
	"title" text NOT NULL,
	"handle" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"image_url" text,
	"price" text DEFAULT '0.00' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_source_check" CHECK ("products"."source" in ('shopify', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "product_recommendations" jsonb DEFAULT '{"mode":"off"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attributed_orders" ADD CONSTRAINT "attributed_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_codes" ADD CONSTRAINT "prize_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_codes" ADD CONSTRAINT "prize_codes_discount_id_prize_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."prize_discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_discounts" ADD CONSTRAINT "prize_discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attributed_orders_order_item_idx" ON "attributed_orders" USING btree ("account_id","order_id","item_id");--> statement-breakpoint
CREATE INDEX "attributed_orders_item_idx" ON "attributed_orders" USING btree ("item_id","ordered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_codes_account_code_idx" ON "prize_codes" USING btree ("account_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "prize_codes_item_email_idx" ON "prize_codes" USING btree ("item_id",lower("email")) WHERE "prize_codes"."email" is not null;--> statement-breakpoint
CREATE INDEX "prize_codes_free_idx" ON "prize_codes" USING btree ("discount_id","created_at") WHERE "prize_codes"."assigned_at" is null and "prize_codes"."live";--> statement-breakpoint
CREATE UNIQUE INDEX "prize_discounts_item_slot_idx" ON "prize_discounts" USING btree ("item_id","slot");--> statement-breakpoint
CREATE INDEX "prize_discounts_account_idx" ON "prize_discounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_external_idx" ON "products" USING btree ("account_id","external_id") WHERE "products"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "products_account_title_idx" ON "products" USING btree ("account_id","title");