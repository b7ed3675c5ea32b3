CREATE TABLE "pause_starts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pause_starts" ADD CONSTRAINT "pause_starts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pause_starts_user_idx" ON "pause_starts" USING btree ("user_id","first_day");--> statement-breakpoint
INSERT INTO "pause_starts" ("user_id", "first_day", "created_at") SELECT "user_id", "first_day", "created_at" FROM "pauses";
