CREATE TYPE "public"."notification_kind" AS ENUM('link-lost', 'link-suspicious');--> statement-breakpoint
CREATE TABLE "live_link_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "live_link_status" NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"http_status" integer,
	"final_url" text NOT NULL,
	"anchor_text" text,
	"rel" text[] DEFAULT '{}'::text[] NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"live_link_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_links" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_links" ADD COLUMN "rel" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "live_links" ADD COLUMN "found_anchor_text" text;--> statement-breakpoint
ALTER TABLE "live_links" ADD COLUMN "reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "live_links" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_link_checks" ADD CONSTRAINT "live_link_checks_live_link_id_live_links_id_fk" FOREIGN KEY ("live_link_id") REFERENCES "public"."live_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_link_checks" ADD CONSTRAINT "live_link_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_live_link_id_live_links_id_fk" FOREIGN KEY ("live_link_id") REFERENCES "public"."live_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_live_link_checks_live_link_id_checked_at" ON "live_link_checks" USING btree ("live_link_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_live_link_checks_user_id_checked_at" ON "live_link_checks" USING btree ("user_id","checked_at");--> statement-breakpoint
CREATE INDEX "idx_notifications_user_id_created_at" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_live_links_user_id_status" ON "live_links" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "idx_live_links_next_check_at" ON "live_links" USING btree ("next_check_at");