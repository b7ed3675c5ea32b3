CREATE INDEX "check_in_replies_created_idx" ON "check_in_replies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cheers_created_idx" ON "cheers" USING btree ("created_at");