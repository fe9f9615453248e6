CREATE TYPE "public"."report_frequency" AS ENUM('weekly', 'monthly');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'report.shared';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'report.share_revoked';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'report.scheduled';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'report.unscheduled';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'report.sent';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'report.branding_changed';--> statement-breakpoint
CREATE TABLE "report_branding" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"agency_name" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"accent_color" text DEFAULT '#4f46e5' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"hide_link_pilot" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid,
	"campaign_id" uuid,
	"frequency" "report_frequency" NOT NULL,
	"hide_money" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ck_report_schedules_one_scope" CHECK (("report_schedules"."client_id" is null) <> ("report_schedules"."campaign_id" is null))
);
--> statement-breakpoint
CREATE TABLE "report_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"period" text NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uq_report_sends_schedule_id_period" UNIQUE("schedule_id","period")
);
--> statement-breakpoint
CREATE TABLE "report_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid,
	"campaign_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"hide_money" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ck_report_share_links_one_scope" CHECK (("report_share_links"."client_id" is null) <> ("report_share_links"."campaign_id" is null))
);
--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "authority_at_placement" integer;--> statement-breakpoint
ALTER TABLE "report_branding" ADD CONSTRAINT "report_branding_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_report_schedules_workspace_id_created_at" ON "report_schedules" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_report_share_links_workspace_id_created_at" ON "report_share_links" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id");