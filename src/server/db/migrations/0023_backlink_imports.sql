CREATE TYPE "public"."backlink_import_status" AS ENUM('uploaded', 'queued', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "backlink_import_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"linking_page" text,
	"target_url" text,
	"anchor" text,
	"rel" text,
	"first_seen" date,
	"targets" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backlink_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"tool" text NOT NULL,
	"report" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text NOT NULL,
	"header" text[] NOT NULL,
	"mapping" jsonb NOT NULL,
	"target_domain" text,
	"row_count" integer NOT NULL,
	"domain_count" integer NOT NULL,
	"status" "backlink_import_status" DEFAULT 'uploaded' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"prospects_added" integer DEFAULT 0 NOT NULL,
	"domains_skipped" integer DEFAULT 0 NOT NULL,
	"contacts_found" integer DEFAULT 0 NOT NULL,
	"error" text,
	"file" "bytea",
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"source" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"measured_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_column_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "source_rel" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "source_first_seen" date;--> statement-breakpoint
ALTER TABLE "backlink_import_domains" ADD CONSTRAINT "backlink_import_domains_import_id_backlink_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."backlink_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_import_domains" ADD CONSTRAINT "backlink_import_domains_campaign_id_workspace_id_campaigns_id_workspace_id_fk" FOREIGN KEY ("campaign_id","workspace_id") REFERENCES "public"."campaigns"("id","workspace_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_imports" ADD CONSTRAINT "backlink_imports_campaign_id_workspace_id_campaigns_id_workspace_id_fk" FOREIGN KEY ("campaign_id","workspace_id") REFERENCES "public"."campaigns"("id","workspace_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_metrics" ADD CONSTRAINT "domain_metrics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_column_mappings" ADD CONSTRAINT "export_column_mappings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_backlink_import_domains_import_id_domain" ON "backlink_import_domains" USING btree ("import_id","domain");--> statement-breakpoint
CREATE INDEX "idx_backlink_import_domains_campaign_id_domain" ON "backlink_import_domains" USING btree ("campaign_id","domain");--> statement-breakpoint
CREATE INDEX "idx_backlink_imports_campaign_id_created_at" ON "backlink_imports" USING btree ("campaign_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "uq_domain_metrics_workspace_id_domain_source_metric" ON "domain_metrics" USING btree ("workspace_id","domain","source","metric");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_export_column_mappings_workspace_id_header_key" ON "export_column_mappings" USING btree ("workspace_id","header_key");