CREATE TABLE "pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pauses_days_check" CHECK (last_day >= first_day)
);
--> statement-breakpoint
ALTER TABLE "pauses" ADD CONSTRAINT "pauses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pauses_user_idx" ON "pauses" USING btree ("user_id","last_day");