CREATE TABLE "experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"quiz_id" uuid,
	"wheel_id" uuid,
	"subject" text NOT NULL,
	"variants" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"winner" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "experiments_one_item_check" CHECK (("experiments"."quiz_id" is null) <> ("experiments"."wheel_id" is null)),
	CONSTRAINT "experiments_status_check" CHECK ("experiments"."status" in ('running', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "attributed_orders" ADD COLUMN "experiment_id" uuid;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "experiment_id" uuid;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD COLUMN "experiment_id" uuid;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_wheel_id_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."wheels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_running_quiz_idx" ON "experiments" USING btree ("quiz_id") WHERE "experiments"."status" = 'running' and "experiments"."quiz_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_running_wheel_idx" ON "experiments" USING btree ("wheel_id") WHERE "experiments"."status" = 'running' and "experiments"."wheel_id" is not null;--> statement-breakpoint
CREATE INDEX "experiments_account_quiz_idx" ON "experiments" USING btree ("account_id","quiz_id","started_at");--> statement-breakpoint
CREATE INDEX "experiments_account_wheel_idx" ON "experiments" USING btree ("account_id","wheel_id","started_at");--> statement-breakpoint
CREATE INDEX "attributed_orders_experiment_idx" ON "attributed_orders" USING btree ("experiment_id","variant") WHERE "attributed_orders"."experiment_id" is not null;--> statement-breakpoint
CREATE INDEX "plays_experiment_idx" ON "plays" USING btree ("experiment_id","variant") WHERE "plays"."experiment_id" is not null and not "plays"."preview";--> statement-breakpoint
CREATE INDEX "wheel_spins_experiment_idx" ON "wheel_spins" USING btree ("experiment_id","variant") WHERE "wheel_spins"."experiment_id" is not null;--> statement-breakpoint
UPDATE "quizzes" SET "settings" = "settings" || '{"leadGate":"before"}'::jsonb WHERE NOT ("settings" ? 'leadGate');
