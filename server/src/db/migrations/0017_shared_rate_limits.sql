CREATE TABLE "rate_limits" (
	"limiter" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_limiter_key_pk" PRIMARY KEY("limiter","key")
);
