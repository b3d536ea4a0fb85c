CREATE TABLE "spent_social_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_social_flows_expires_at_idx" ON "spent_social_flows" USING btree ("expires_at");