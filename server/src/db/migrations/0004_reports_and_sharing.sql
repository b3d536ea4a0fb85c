CREATE TABLE "quiz_question_stats" (
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_question_stats_quiz_id_question_id_pk" PRIMARY KEY("quiz_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"quiz_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "plays_quiz_completed_idx";--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "reached" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_daily_stats" ADD COLUMN "scored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_daily_stats" ADD COLUMN "percentage_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_question_stats" ADD CONSTRAINT "quiz_question_stats_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_quiz_key" ON "short_links" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "plays_id_idx" ON "plays" USING btree ("id");--> statement-breakpoint
CREATE INDEX "plays_players_date_idx" ON "plays" USING btree ("quiz_id","completed_at","id") WHERE status = 'completed' and not preview;--> statement-breakpoint
CREATE INDEX "plays_players_email_idx" ON "plays" USING btree ("quiz_id","email","id") WHERE status = 'completed' and not preview;--> statement-breakpoint
CREATE INDEX "plays_players_result_idx" ON "plays" USING btree ("quiz_id","result_summary","id") WHERE status = 'completed' and not preview;--> statement-breakpoint
CREATE INDEX "plays_players_country_idx" ON "plays" USING btree ("quiz_id","country","id") WHERE status = 'completed' and not preview;--> statement-breakpoint
CREATE INDEX "plays_players_state_idx" ON "plays" USING btree ("quiz_id","state","id") WHERE status = 'completed' and not preview;--> statement-breakpoint
CREATE INDEX "plays_players_city_idx" ON "plays" USING btree ("quiz_id","city","id") WHERE status = 'completed' and not preview;