CREATE TYPE "public"."opportunity_type" AS ENUM('link_intersect', 'competitor_backlink', 'guest_post', 'resource_page', 'topical_site');--> statement-breakpoint
CREATE TYPE "public"."discovery_run_status" AS ENUM('queued', 'running', 'completed', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "crawl_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host" text NOT NULL,
	"page_rank" double precision,
	"da_score" integer,
	"ranked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"from_host" text NOT NULL,
	"to_url" text NOT NULL,
	"to_host" text NOT NULL,
	"anchor_text" text DEFAULT '' NOT NULL,
	"rel" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"final_url" text NOT NULL,
	"http_status" integer,
	"failure" text,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"headings" text[] DEFAULT '{}'::text[] NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"names" text[] DEFAULT '{}'::text[] NOT NULL,
	"footprint" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discovery_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "discovery_run_status" DEFAULT 'queued' NOT NULL,
	"job_id" text,
	"pages_crawled" integer DEFAULT 0 NOT NULL,
	"prospects_found" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "opportunity_type" "opportunity_type";--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "source_page_url" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "source_link_url" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "source_anchor_text" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "alternative_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_links" ADD CONSTRAINT "crawl_links_page_id_crawl_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."crawl_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_runs" ADD CONSTRAINT "discovery_runs_campaign_id_user_id_campaigns_id_user_id_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_crawl_hosts_host" ON "crawl_hosts" USING btree ("host");--> statement-breakpoint
CREATE INDEX "idx_crawl_links_page_id" ON "crawl_links" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "idx_crawl_links_to_host" ON "crawl_links" USING btree ("to_host");--> statement-breakpoint
CREATE INDEX "idx_crawl_links_from_host_to_host" ON "crawl_links" USING btree ("from_host","to_host");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_crawl_pages_url" ON "crawl_pages" USING btree ("url");--> statement-breakpoint
CREATE INDEX "idx_crawl_pages_host" ON "crawl_pages" USING btree ("host");--> statement-breakpoint
CREATE INDEX "idx_crawl_pages_footprint" ON "crawl_pages" USING btree ("footprint") WHERE "crawl_pages"."footprint" is not null;--> statement-breakpoint
CREATE INDEX "idx_discovery_runs_campaign_id_created_at" ON "discovery_runs" USING btree ("campaign_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "uq_discovery_runs_campaign_id_active" ON "discovery_runs" USING btree ("campaign_id") WHERE "discovery_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "uq_prospects_campaign_id_domain" ON "prospects" USING btree ("campaign_id","domain") WHERE "prospects"."domain" is not null;--> statement-breakpoint
CREATE INDEX "idx_prospects_user_id_domain" ON "prospects" USING btree ("user_id","domain");