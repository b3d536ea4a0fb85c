ALTER TABLE "questions" ADD COLUMN "property_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "segment" boolean DEFAULT false NOT NULL;