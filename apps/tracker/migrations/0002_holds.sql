CREATE TABLE "holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"extensions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "join_requests" DROP CONSTRAINT "join_requests_status_check";--> statement-breakpoint
ALTER TABLE "join_requests" ALTER COLUMN "team_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "join_requests" ALTER COLUMN "membership_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_team_expiry_idx" ON "holds" USING btree ("team_id","expires_at");--> statement-breakpoint
CREATE INDEX "holds_owner_idx" ON "holds" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "memberships_team_status_idx" ON "memberships" USING btree ("team_id","status");--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_team_check" CHECK ((status = 'unmatched') = (team_id IS NULL) AND (team_id IS NULL) = (membership_id IS NULL));--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_status_check" CHECK (status IN ('unmatched', 'pending', 'approved', 'declined'));