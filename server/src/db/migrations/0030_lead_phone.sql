ALTER TABLE "plays" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD COLUMN "sms_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "ask_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "sms_consent_text" text DEFAULT '' NOT NULL;