CREATE TYPE "public"."payment_status" AS ENUM('unpaid', 'paid', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."placement_rel" AS ENUM('dofollow', 'nofollow', 'sponsored', 'ugc');--> statement-breakpoint
CREATE TYPE "public"."placement_source" AS ENUM('prospect', 'live_link', 'manual');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'placement.created';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'placement.changed';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client.created';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'client.deleted';--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"report_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uq_clients_id_workspace_id" UNIQUE("id","workspace_id")
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"source" "placement_source" NOT NULL,
	"client_id" uuid,
	"campaign_id" uuid,
	"prospect_id" uuid,
	"live_link_id" uuid,
	"page_url" text NOT NULL,
	"target_url" text NOT NULL,
	"anchor_text" text DEFAULT '' NOT NULL,
	"rel" "placement_rel" DEFAULT 'dofollow' NOT NULL,
	"live_at" date,
	"price_minor" bigint,
	"currency" text,
	"payment_status" "payment_status" DEFAULT 'unpaid' NOT NULL,
	"paid_at" date,
	"invoice_number" text,
	"invoice_key" text,
	"invoice_file_name" text,
	"invoice_content_type" text,
	"invoice_bytes" integer,
	"warranty_months" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_prospectId_unique" UNIQUE("prospect_id"),
	CONSTRAINT "ck_placements_price_currency" CHECK (("placements"."price_minor" is null) = ("placements"."currency" is null)),
	CONSTRAINT "ck_placements_price_non_negative" CHECK ("placements"."price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_live_link_id_live_links_id_fk" FOREIGN KEY ("live_link_id") REFERENCES "public"."live_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_clients_workspace_id_name" ON "clients" USING btree ("workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "idx_placements_workspace_id_live_at" ON "placements" USING btree ("workspace_id","live_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "idx_placements_client_id" ON "placements" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "idx_placements_campaign_id" ON "placements" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "idx_placements_live_link_id" ON "placements" USING btree ("live_link_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_campaigns_client_id" ON "campaigns" USING btree ("client_id");