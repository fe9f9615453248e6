CREATE TYPE "public"."email_verdict" AS ENUM('deliverable', 'undeliverable', 'risky', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."verification_run_status" AS ENUM('running', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."verifier_provider" AS ENUM('hunter', 'zerobounce', 'neverbounce');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'email_verification.settings_changed' BEFORE 'export.downloaded';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'prospect.email_verified' BEFORE 'export.downloaded';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'prospect.email_found' BEFORE 'export.downloaded';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'campaign.addresses_verified' BEFORE 'export.downloaded';--> statement-breakpoint
CREATE TABLE "email_verification_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" "verification_run_status" DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_verification_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"provider" "verifier_provider",
	"api_key_encrypted" text,
	"smtp_check" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"verdict" "email_verdict" NOT NULL,
	"source" text NOT NULL,
	"detail" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_verifications_workspace_id_email_pk" PRIMARY KEY("workspace_id","email")
);
--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "email_verification" jsonb;--> statement-breakpoint
ALTER TABLE "email_verification_runs" ADD CONSTRAINT "email_verification_runs_campaign_id_workspace_id_campaigns_id_workspace_id_fk" FOREIGN KEY ("campaign_id","workspace_id") REFERENCES "public"."campaigns"("id","workspace_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_settings" ADD CONSTRAINT "email_verification_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_email_verification_runs_campaign_id_created_at" ON "email_verification_runs" USING btree ("campaign_id","created_at" DESC NULLS LAST);