ALTER TABLE "outreach_messages" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "email_sequence_steps" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "idx_outreach_messages_campaign_id_step_number" ON "outreach_messages" USING btree ("campaign_id","step_number");