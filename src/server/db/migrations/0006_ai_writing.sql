CREATE TYPE "public"."first_line_status" AS ENUM('draft', 'approved');--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "guest_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"your_website" text NOT NULL,
	"target_website" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"word_count" integer NOT NULL,
	"internal_links" text[] DEFAULT '{}'::text[] NOT NULL,
	"content" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_posts" ADD CONSTRAINT "guest_posts_campaign_id_user_id_campaigns_id_user_id_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_first_lines" ADD CONSTRAINT "prospect_first_lines_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_first_lines" ADD CONSTRAINT "prospect_first_lines_campaign_id_user_id_campaigns_id_user_id_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_guest_posts_user_id_created_at" ON "guest_posts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_guest_posts_campaign_id_created_at" ON "guest_posts" USING btree ("campaign_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_prospect_first_lines_campaign_id" ON "prospect_first_lines" USING btree ("campaign_id");