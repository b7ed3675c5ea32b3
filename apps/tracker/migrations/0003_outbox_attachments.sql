ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree (lower("to_address"),"kind","created_at");