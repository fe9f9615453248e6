ALTER TYPE "public"."activity_kind" ADD VALUE 'sequence.variant_winner_chosen' BEFORE 'sequence.deleted';--> statement-breakpoint
ALTER TABLE "outreach_messages" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "email_sequence_steps" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sequence_steps" ADD COLUMN "auto_winner_after" integer;--> statement-breakpoint
ALTER TABLE "email_sequence_steps" ADD COLUMN "winner_variant_id" text;--> statement-breakpoint
CREATE INDEX "idx_outreach_messages_campaign_id_step_number" ON "outreach_messages" USING btree ("campaign_id","step_number");