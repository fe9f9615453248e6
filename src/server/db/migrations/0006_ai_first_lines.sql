CREATE TYPE "public"."first_line_status" AS ENUM('draft', 'approved');--> statement-breakpoint
CREATE TABLE "prospect_first_lines" (
	"prospect_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" "first_line_status" DEFAULT 'draft' NOT NULL,
	"source_page_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "require_first_line_approval" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "prospect_first_lines" ADD CONSTRAINT "prospect_first_lines_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_first_lines" ADD CONSTRAINT "prospect_first_lines_campaign_id_user_id_campaigns_id_user_id_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_prospect_first_lines_campaign_id" ON "prospect_first_lines" USING btree ("campaign_id");