CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"surface" text NOT NULL,
	"recorded_on" date DEFAULT (now() at time zone 'utc')::date NOT NULL,
	CONSTRAINT "web_vitals_metric_check" CHECK (metric in ('LCP', 'CLS', 'INP', 'FCP', 'TTFB')),
	CONSTRAINT "web_vitals_surface_check" CHECK (surface in ('embedded', 'standalone')),
	CONSTRAINT "web_vitals_value_check" CHECK ("web_vitals"."value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "web_vitals_recorded_on_idx" ON "web_vitals" USING btree ("recorded_on");