CREATE TABLE "post_purchase_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"customer_id" text,
	"surface" text NOT NULL,
	"answer_key" text NOT NULL,
	"answer_label" text NOT NULL,
	"other_text" text,
	"rating" integer,
	"submission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_purchase_answers_item_kind_check" CHECK ("post_purchase_answers"."item_kind" in ('poll', 'feedback')),
	CONSTRAINT "post_purchase_answers_surface_check" CHECK ("post_purchase_answers"."surface" in ('thank_you', 'order_status'))
);
--> statement-breakpoint
CREATE TABLE "post_purchase_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"min_order_minor" bigint,
	"max_order_minor" bigint,
	"once_per_customer" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_purchase_surveys_item_kind_check" CHECK ("post_purchase_surveys"."item_kind" in ('poll', 'feedback')),
	CONSTRAINT "post_purchase_surveys_audience_check" CHECK ("post_purchase_surveys"."audience" in ('all', 'new', 'returning'))
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text DEFAULT '' NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"customer_order_index" integer,
	"first_order" boolean,
	"financial_status" text DEFAULT '' NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_purchase_answers" ADD CONSTRAINT "post_purchase_answers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchase_surveys" ADD CONSTRAINT "post_purchase_surveys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchase_answers_account_order_idx" ON "post_purchase_answers" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE INDEX "post_purchase_answers_account_created_idx" ON "post_purchase_answers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "post_purchase_answers_account_customer_idx" ON "post_purchase_answers" USING btree ("account_id","customer_id") WHERE "post_purchase_answers"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchase_surveys_account_idx" ON "post_purchase_surveys" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_account_order_idx" ON "shop_orders" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE INDEX "shop_orders_account_ordered_idx" ON "shop_orders" USING btree ("account_id","ordered_at");