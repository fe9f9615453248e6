CREATE TABLE "campaign_email_accounts" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email_account_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_email_accounts_campaign_id_email_account_id_pk" PRIMARY KEY("campaign_id","email_account_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_email_accounts" ADD CONSTRAINT "campaign_email_accounts_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_email_accounts" ADD CONSTRAINT "campaign_email_accounts_campaign_id_user_id_campaigns_id_user_id_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_campaign_email_accounts_email_account_id" ON "campaign_email_accounts" USING btree ("email_account_id");--> statement-breakpoint
INSERT INTO "campaign_email_accounts" ("campaign_id", "user_id", "email_account_id", "position")
  SELECT "id", "user_id", "email_account_id", 0 FROM "campaigns" WHERE "email_account_id" IS NOT NULL;
