CREATE TABLE "plays" (
	"quiz_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"preview" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"answers" jsonb,
	"result" jsonb,
	"result_summary" text,
	"score" real,
	"percentage" integer,
	"name" text,
	"email" text,
	"consent" boolean,
	"consent_text" text,
	"lead_fields" jsonb,
	"user_agent" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "plays_quiz_id_id_pk" PRIMARY KEY("quiz_id","id"),
	CONSTRAINT "plays_status_check" CHECK ("plays"."status" in ('started', 'answered', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "quiz_daily_stats" (
	"quiz_id" uuid NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_daily_stats_quiz_id_day_pk" PRIMARY KEY("quiz_id","day")
);
--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_daily_stats" ADD CONSTRAINT "quiz_daily_stats_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_daily_stats" ADD CONSTRAINT "quiz_daily_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plays_account_completed_idx" ON "plays" USING btree ("account_id","completed_at");--> statement-breakpoint
CREATE INDEX "plays_quiz_completed_idx" ON "plays" USING btree ("quiz_id","completed_at");--> statement-breakpoint
CREATE INDEX "quiz_daily_stats_account_day_idx" ON "quiz_daily_stats" USING btree ("account_id","day");