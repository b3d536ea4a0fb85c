CREATE TABLE "play_stat_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quiz_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date DEFAULT current_date NOT NULL,
	"question_id" uuid,
	"views" integer DEFAULT 0 NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"percentage_sum" double precision DEFAULT 0 NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_question_stats" ADD COLUMN "account_id" uuid;--> statement-breakpoint
UPDATE "quiz_question_stats" SET "account_id" = "quizzes"."account_id" FROM "quizzes" WHERE "quizzes"."id" = "quiz_question_stats"."quiz_id";--> statement-breakpoint
ALTER TABLE "quiz_question_stats" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "play_stat_deltas" ADD CONSTRAINT "play_stat_deltas_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_stat_deltas" ADD CONSTRAINT "play_stat_deltas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_stat_deltas_quiz_idx" ON "play_stat_deltas" USING btree ("quiz_id");--> statement-breakpoint
ALTER TABLE "quiz_question_stats" ADD CONSTRAINT "quiz_question_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_question_stats_account_idx" ON "quiz_question_stats" USING btree ("account_id");