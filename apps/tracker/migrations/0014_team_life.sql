CREATE TABLE "quiet_spells" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiet_spells_user_id_first_day_key" UNIQUE("user_id","first_day")
);
--> statement-breakpoint
CREATE TABLE "recap_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_at" timestamp with time zone,
	"time_zone" text
);
--> statement-breakpoint
CREATE TABLE "recaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recaps_user_id_week_start_key" UNIQUE("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "email_links" DROP CONSTRAINT "email_links_purpose_check";--> statement-breakpoint
ALTER TABLE "quiet_spells" ADD CONSTRAINT "quiet_spells_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_settings" ADD CONSTRAINT "recap_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recaps" ADD CONSTRAINT "recaps_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recap_settings_due_idx" ON "recap_settings" USING btree ("next_at") WHERE "recap_settings"."enabled";--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_purpose_check" CHECK (purpose IN ('unsubscribe', 'check-in-yes', 'check-in-no', 'quiet-back', 'quiet-pause', 'quiet-leave', 'recap-unsubscribe'));