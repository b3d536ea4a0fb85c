CREATE TABLE "flow_triggers" (
	"account_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"enabled" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_triggers_account_id_handle_pk" PRIMARY KEY("account_id","handle")
);
--> statement-breakpoint
ALTER TABLE "destinations" DROP CONSTRAINT "destinations_kind_check";--> statement-breakpoint
DROP INDEX "destinations_one_per_account_key";--> statement-breakpoint
ALTER TABLE "flow_triggers" ADD CONSTRAINT "flow_triggers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "destinations_one_per_account_key" ON "destinations" USING btree ("account_id","kind") WHERE "destinations"."kind" in ('crm', 'email', 'shopify_customers', 'shopify_flow');--> statement-breakpoint
ALTER TABLE "destinations" ADD CONSTRAINT "destinations_kind_check" CHECK (kind in ('crm', 'webhook', 'email', 'shopify_customers', 'shopify_flow'));