CREATE TABLE "feedback_responses" (
	"feedback_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"feeling_type" text NOT NULL,
	"value" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_responses_feedback_id_id_pk" PRIMARY KEY("feedback_id","id")
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"title" text NOT NULL,
	"feeling_type" text NOT NULL,
	"question" text NOT NULL,
	"custom_color" text,
	"collect_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedbacks_feeling_type_check" CHECK ("feedbacks"."feeling_type" in ('emotion', 'star', 'thumb', 'scale'))
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"poll_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"option_index" integer NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_poll_id_id_pk" PRIMARY KEY("poll_id","id")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"options" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"collect_email" boolean DEFAULT true NOT NULL,
	"colors" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wheel_spins" (
	"wheel_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text,
	"option_index" integer NOT NULL,
	"result" text NOT NULL,
	"prize_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheel_spins_wheel_id_id_pk" PRIMARY KEY("wheel_id","id")
);
--> statement-breakpoint
CREATE TABLE "wheels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"options" jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"collect_email" boolean DEFAULT true NOT NULL,
	"allow_repeat_spins" boolean DEFAULT false NOT NULL,
	"play_button_type" text DEFAULT 'text' NOT NULL,
	"play_button_text" text DEFAULT 'Spin' NOT NULL,
	"play_button_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheels_play_button_type_check" CHECK ("wheels"."play_button_type" in ('text', 'image'))
);
--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_wheel_id_wheels_id_fk" FOREIGN KEY ("wheel_id") REFERENCES "public"."wheels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheels" ADD CONSTRAINT "wheels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_responses_feedback_created_idx" ON "feedback_responses" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_responses_account_created_idx" ON "feedback_responses" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_account_created_idx" ON "feedbacks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "poll_votes_poll_option_idx" ON "poll_votes" USING btree ("poll_id","option_index");--> statement-breakpoint
CREATE INDEX "poll_votes_account_created_idx" ON "poll_votes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "polls_account_created_idx" ON "polls" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "wheel_spins_wheel_email_idx" ON "wheel_spins" USING btree ("wheel_id",lower("email"));--> statement-breakpoint
CREATE INDEX "wheel_spins_account_created_idx" ON "wheel_spins" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "wheels_account_created_idx" ON "wheels" USING btree ("account_id","created_at");