CREATE TABLE "check_in_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_in_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_replies_text_check" CHECK (char_length(text) BETWEEN 1 AND 280)
);
--> statement-breakpoint
CREATE TABLE "cheers" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_in_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cheers_check_in_id_user_id_key" UNIQUE("check_in_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "check_in_replies" ADD CONSTRAINT "check_in_replies_check_in_id_fkey" FOREIGN KEY ("check_in_id") REFERENCES "check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_replies" ADD CONSTRAINT "check_in_replies_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheers" ADD CONSTRAINT "cheers_check_in_id_fkey" FOREIGN KEY ("check_in_id") REFERENCES "check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheers" ADD CONSTRAINT "cheers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_replies_check_in_idx" ON "check_in_replies" USING btree ("check_in_id");--> statement-breakpoint
CREATE INDEX "check_in_replies_user_idx" ON "check_in_replies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cheers_user_idx" ON "cheers" USING btree ("user_id");