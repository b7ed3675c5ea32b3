ALTER TABLE "bookings" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "read_at" timestamp with time zone;