ALTER TABLE "accounts" ADD COLUMN "affiliate_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_affiliate_code_key" ON "accounts" USING btree ("affiliate_code");