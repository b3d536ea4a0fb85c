ALTER TABLE "feedback_responses" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "wheels" ADD COLUMN "i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;