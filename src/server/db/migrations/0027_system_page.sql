CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"file" text,
	"bytes" bigint,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "idx_backup_runs_finished_at" ON "backup_runs" USING btree ("finished_at" DESC NULLS LAST);