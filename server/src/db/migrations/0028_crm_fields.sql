CREATE TABLE "crm_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destination_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"property_key" text NOT NULL,
	"field_ref" text NOT NULL,
	"field_name" text NOT NULL,
	"field_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_fields_type_check" CHECK (field_type in ('number', 'text'))
);
--> statement-breakpoint
ALTER TABLE "crm_fields" ADD CONSTRAINT "crm_fields_destination_id_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_fields_destination_key" ON "crm_fields" USING btree ("destination_id","provider","property_key");