ALTER TYPE "public"."activity_kind" ADD VALUE 'data_provider.connected' BEFORE 'claim.opened';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'data_provider.removed' BEFORE 'claim.opened';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'domain_metrics.refreshed' BEFORE 'claim.opened';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'data_provider.backlinks_fetched' BEFORE 'claim.opened';--> statement-breakpoint
CREATE TABLE "data_provider_cache" (
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"request_key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_provider_cache_workspace_id_provider_request_key_pk" PRIMARY KEY("workspace_id","provider","request_key")
);
--> statement-breakpoint
CREATE TABLE "data_provider_connections" (
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"credentials_encrypted" text NOT NULL,
	"key_hint" text NOT NULL,
	"tested_at" timestamp with time zone,
	"test_ok" boolean,
	"test_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_provider_connections_workspace_id_provider_pk" PRIMARY KEY("workspace_id","provider")
);
--> statement-breakpoint
ALTER TABLE "data_provider_cache" ADD CONSTRAINT "data_provider_cache_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_provider_connections" ADD CONSTRAINT "data_provider_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;