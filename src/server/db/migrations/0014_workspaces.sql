ALTER TYPE "public"."user_role" RENAME TO "member_role";--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"postal_address" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"send_window_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
	"send_window_start_hour" integer DEFAULT 8 NOT NULL,
	"send_window_end_hour" integer DEFAULT 18 NOT NULL,
	"stop_domain_on_reply" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "member_role" DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);--> statement-breakpoint
-- Each user gets a workspace of their own and Full Access in it (they were alone with their data).
-- The workspace takes its user's id, so every row's user_id becomes its workspace_id unchanged,
-- and so do job payloads already queued (docs/decisions/023-workspaces-and-roles.md, "Migration").
INSERT INTO "workspaces" ("id", "name", "postal_address", "time_zone", "send_window_days", "send_window_start_hour", "send_window_end_hour", "stop_domain_on_reply", "created_at")
SELECT "id", coalesce(nullif(btrim("company_name"), ''), 'Personal'), "postal_address", "time_zone", "send_window_days", "send_window_start_hour", "send_window_end_hour", "stop_domain_on_reply", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "joined_at")
SELECT "id", "id", 'full', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "guest_posts" RENAME CONSTRAINT "guest_posts_campaign_id_user_id_campaigns_id_user_id_fk" TO "guest_posts_campaign_id_workspace_id_campaigns_id_workspace_id_fk";--> statement-breakpoint
ALTER TABLE "guest_posts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_guest_posts_user_id_created_at" RENAME TO "idx_guest_posts_workspace_id_created_at";--> statement-breakpoint
ALTER TABLE "prospect_first_lines" RENAME CONSTRAINT "prospect_first_lines_campaign_id_user_id_campaigns_id_user_id_fk" TO "prospect_first_lines_campaign_id_workspace_id_campaigns_id_workspace_id_fk";--> statement-breakpoint
ALTER TABLE "prospect_first_lines" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "campaign_email_accounts" RENAME CONSTRAINT "campaign_email_accounts_campaign_id_user_id_campaigns_id_user_id_fk" TO "campaign_email_accounts_campaign_id_workspace_id_campaigns_id_workspace_id_fk";--> statement-breakpoint
ALTER TABLE "campaign_email_accounts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "campaigns" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_campaigns_user_id_created_at" RENAME TO "idx_campaigns_workspace_id_created_at";--> statement-breakpoint
ALTER INDEX "idx_campaigns_user_id_name" RENAME TO "idx_campaigns_workspace_id_name";--> statement-breakpoint
ALTER TABLE "campaigns" RENAME CONSTRAINT "uq_campaigns_id_user_id" TO "uq_campaigns_id_workspace_id";--> statement-breakpoint
ALTER TABLE "live_link_checks" DROP CONSTRAINT "live_link_checks_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "live_link_checks" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_live_link_checks_user_id_checked_at" RENAME TO "idx_live_link_checks_workspace_id_checked_at";--> statement-breakpoint
ALTER TABLE "live_links" RENAME CONSTRAINT "live_links_campaign_id_user_id_campaigns_id_user_id_fk" TO "live_links_campaign_id_workspace_id_campaigns_id_workspace_id_fk";--> statement-breakpoint
ALTER TABLE "live_links" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_live_links_user_id_discovered_at" RENAME TO "idx_live_links_workspace_id_discovered_at";--> statement-breakpoint
ALTER INDEX "idx_live_links_user_id_status" RENAME TO "idx_live_links_workspace_id_status";--> statement-breakpoint
ALTER TABLE "prospects" RENAME CONSTRAINT "prospects_campaign_id_user_id_campaigns_id_user_id_fk" TO "prospects_campaign_id_workspace_id_campaigns_id_workspace_id_fk";--> statement-breakpoint
ALTER TABLE "prospects" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_prospects_user_id_domain" RENAME TO "idx_prospects_workspace_id_domain";--> statement-breakpoint
ALTER INDEX "idx_prospects_user_id_created_at_id" RENAME TO "idx_prospects_workspace_id_created_at_id";--> statement-breakpoint
ALTER INDEX "idx_prospects_user_id_status" RENAME TO "idx_prospects_workspace_id_status";--> statement-breakpoint
ALTER TABLE "discovery_runs" RENAME CONSTRAINT "discovery_runs_campaign_id_user_id_campaigns_id_user_id_fk" TO "discovery_runs_campaign_id_workspace_id_campaigns_id_workspace_id_fk";--> statement-breakpoint
ALTER TABLE "discovery_runs" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_notifications_user_id_created_at" RENAME TO "idx_notifications_workspace_id_created_at";--> statement-breakpoint
ALTER TABLE "email_accounts" DROP CONSTRAINT "email_accounts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "email_accounts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_email_accounts_user_id_created_at" RENAME TO "idx_email_accounts_workspace_id_created_at";--> statement-breakpoint
ALTER TABLE "email_accounts" RENAME CONSTRAINT "uq_email_accounts_user_id_email" TO "uq_email_accounts_workspace_id_email";--> statement-breakpoint
ALTER TABLE "email_sequences" DROP CONSTRAINT "email_sequences_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "email_sequences" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER INDEX "idx_email_sequences_user_id_created_at" RENAME TO "idx_email_sequences_workspace_id_created_at";--> statement-breakpoint
ALTER TABLE "enrollments" DROP CONSTRAINT "enrollments_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "enrollments" RENAME CONSTRAINT "enrollments_campaign_id_user_id_campaigns_id_user_id_fk" TO "enrollments_campaign_id_workspace_id_campaigns_id_workspace_id_fk";--> statement-breakpoint
ALTER TABLE "enrollments" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "inbound_messages" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "outreach_messages" DROP CONSTRAINT "outreach_messages_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "outreach_messages" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "quarantined_messages" DROP CONSTRAINT "quarantined_messages_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quarantined_messages" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "suppressions" DROP CONSTRAINT "suppressions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "suppressions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "suppressions" RENAME CONSTRAINT "uq_suppressions_user_id_email" TO "uq_suppressions_workspace_id_email";--> statement-breakpoint
ALTER TABLE "contacted_domains" DROP CONSTRAINT "contacted_domains_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "contacted_domains" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "contacted_domains" RENAME CONSTRAINT "uq_contacted_domains_user_id_domain" TO "uq_contacted_domains_workspace_id_domain";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
UPDATE "campaigns" SET "owner_id" = "workspace_id";--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "connected_by" uuid;--> statement-breakpoint
UPDATE "email_accounts" SET "connected_by" = "workspace_id";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_link_checks" ADD CONSTRAINT "live_link_checks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_messages" ADD CONSTRAINT "outreach_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarantined_messages" ADD CONSTRAINT "quarantined_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacted_domains" ADD CONSTRAINT "contacted_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_workspace_members_user_id_last_used_at" ON "workspace_members" USING btree ("user_id","last_used_at" DESC NULLS LAST);--> statement-breakpoint
DROP TABLE "user_roles";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "postal_address";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "time_zone";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "send_window_days";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "send_window_start_hour";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "send_window_end_hour";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stop_domain_on_reply";