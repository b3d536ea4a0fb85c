ALTER TABLE "plays" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;