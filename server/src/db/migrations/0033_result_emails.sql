CREATE TABLE "result_email_opt_outs" (
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_email_opt_outs_account_id_email_pk" PRIMARY KEY("account_id","email")
);
--> statement-breakpoint
ALTER TABLE "destinations" DROP CONSTRAINT "destinations_kind_check";--> statement-breakpoint
DROP INDEX "destinations_one_per_account_key";--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "result_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "result_email_subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "result_email_body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "result_email_opt_outs" ADD CONSTRAINT "result_email_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_one_per_account_key" ON "destinations" USING btree ("account_id","kind") WHERE "destinations"."kind" in ('crm', 'email', 'shopify_customers', 'shopify_flow', 'result_email');--> statement-breakpoint
ALTER TABLE "destinations" ADD CONSTRAINT "destinations_kind_check" CHECK (kind in ('crm', 'webhook', 'email', 'shopify_customers', 'shopify_flow', 'result_email'));