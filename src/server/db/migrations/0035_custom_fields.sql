CREATE TYPE "public"."custom_field_type" AS ENUM('text', 'number', 'url', 'date', 'choice');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'prospect.custom_fields_changed' BEFORE 'email_verification.settings_changed';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'custom_field.created' BEFORE 'email_verification.settings_changed';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'custom_field.changed' BEFORE 'email_verification.settings_changed';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'custom_field.deleted' BEFORE 'email_verification.settings_changed';--> statement-breakpoint
CREATE TABLE "prospect_custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" "custom_field_type" NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_import_mappings" (
	"workspace_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospect_import_mappings_workspace_id_header_key_pk" PRIMARY KEY("workspace_id","header_key")
);
--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prospect_custom_fields" ADD CONSTRAINT "prospect_custom_fields_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_import_mappings" ADD CONSTRAINT "prospect_import_mappings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_prospect_custom_fields_workspace_id_key" ON "prospect_custom_fields" USING btree ("workspace_id","key");