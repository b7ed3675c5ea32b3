CREATE TABLE "email_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"local_date" date,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_links_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "email_links_purpose_check" CHECK (purpose IN ('unsubscribe', 'check-in-yes', 'check-in-no'))
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"local_minute" integer DEFAULT 1080 NOT NULL,
	"weekdays" integer[] DEFAULT '{1,2,3,4,5}' NOT NULL,
	"next_at" timestamp with time zone,
	"time_zone" text,
	CONSTRAINT "reminder_settings_minute_check" CHECK (local_minute BETWEEN 0 AND 1439)
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_user_id_local_date_key" UNIQUE("user_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "team_calls" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"first_weekday" integer NOT NULL,
	"first_minute" integer NOT NULL,
	"second_weekday" integer NOT NULL,
	"second_minute" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"meeting_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_calls_slots_check" CHECK (first_weekday BETWEEN 0 AND 6 AND second_weekday BETWEEN 0 AND 6 AND first_minute BETWEEN 0 AND 1439 AND second_minute BETWEEN 0 AND 1439),
	CONSTRAINT "team_calls_duration_check" CHECK (duration_minutes BETWEEN 15 AND 30)
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "skips_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_calls" ADD CONSTRAINT "team_calls_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_links_user_idx" ON "email_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminder_settings_due_idx" ON "reminder_settings" USING btree ("next_at") WHERE "reminder_settings"."enabled";