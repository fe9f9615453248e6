ALTER TABLE "outreach_messages" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "email_sequence_steps" ADD COLUMN "winner_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sequence_steps" ADD COLUMN "branches" jsonb DEFAULT '[]'::jsonb NOT NULL;