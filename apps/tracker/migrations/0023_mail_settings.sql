CREATE TABLE "nudge_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_links" DROP CONSTRAINT "email_links_purpose_check";--> statement-breakpoint
ALTER TABLE "nudge_settings" ADD CONSTRAINT "nudge_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_links" ADD CONSTRAINT "email_links_purpose_check" CHECK (purpose IN ('unsubscribe', 'check-in-yes', 'check-in-no', 'quiet-back', 'quiet-pause', 'quiet-leave', 'recap-unsubscribe', 'digest-unsubscribe', 'nudge-unsubscribe'));