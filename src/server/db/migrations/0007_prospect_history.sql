CREATE TABLE "contacted_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"last_contacted_at" timestamp with time zone,
	"campaign_id" uuid,
	"outcome" "prospect_status",
	"do_not_contact" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uq_contacted_domains_user_id_domain" UNIQUE("user_id","domain")
);
--> statement-breakpoint
CREATE TABLE "prospect_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prospect_id" uuid NOT NULL,
	"status" "prospect_status" NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacted_domains" ADD CONSTRAINT "contacted_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacted_domains" ADD CONSTRAINT "contacted_domains_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_events" ADD CONSTRAINT "prospect_events_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_prospect_events_prospect_id_created_at" ON "prospect_events" USING btree ("prospect_id","created_at");--> statement-breakpoint
-- Domain memory starts from the contacts already made: the latest per user and site domain.
INSERT INTO "contacted_domains" ("user_id", "domain", "last_contacted_at", "campaign_id", "outcome")
SELECT DISTINCT ON ("user_id", "d") "user_id", "d", "last_contacted", "campaign_id", "status"
FROM (
	SELECT "user_id", "campaign_id", "status", "last_contacted",
		coalesce("domain", regexp_replace(split_part(split_part(regexp_replace(lower("website"), '^[a-z]+://', ''), '/', 1), ':', 1), '^www\.', '')) AS "d"
	FROM "prospects" WHERE "last_contacted" IS NOT NULL
) "s"
WHERE "d" <> ''
ORDER BY "user_id", "d", "last_contacted" DESC;
