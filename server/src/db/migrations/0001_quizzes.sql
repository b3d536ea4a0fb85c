CREATE TABLE "questions" (
	"quiz_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"image" text,
	"category_id" text,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_quiz_id_id_pk" PRIMARY KEY("quiz_id","id")
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"quiz_type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"from_template" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"personalities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"branching" jsonb DEFAULT '{"enabled":false,"branches":[]}'::jsonb NOT NULL,
	"completed_plays" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "quizzes_status_check" CHECK ("quizzes"."status" in ('draft', 'published'))
);
--> statement-breakpoint
-- Uploads move from bytea to file storage. Rows from before have no stored bytes: drop them and unset logos that used them.
ALTER TABLE "files" ADD COLUMN "storage_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "accounts" SET "logo_file_id" = NULL WHERE "logo_file_id" IN (SELECT "id" FROM "files" WHERE "storage_key" = '');--> statement-breakpoint
DELETE FROM "files" WHERE "storage_key" = '';--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "storage_key" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_account_id_idx" ON "questions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "questions_quiz_position_idx" ON "questions" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE INDEX "quizzes_account_id_created_at_idx" ON "quizzes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "quizzes_templates_idx" ON "quizzes" USING btree ("quiz_type") WHERE "quizzes"."is_template";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'admin'));