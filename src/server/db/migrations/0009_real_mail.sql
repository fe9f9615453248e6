CREATE TYPE "public"."bounce_type" AS ENUM('hard', 'soft', 'policy', 'delay');--> statement-breakpoint
CREATE TYPE "public"."mailbox_status_source" AS ENUM('smtp', 'imap', 'health', 'user');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'mailbox-paused';--> statement-breakpoint
ALTER TYPE "public"."inbound_kind" ADD VALUE 'challenge';--> statement-breakpoint
ALTER TYPE "public"."mailbox_provider" ADD VALUE 'microsoft';--> statement-breakpoint
ALTER TYPE "public"."mailbox_status" ADD VALUE 'paused';--> statement-breakpoint
CREATE TABLE "mail_domain_checks" (
	"domain" text PRIMARY KEY NOT NULL,
	"accepts_mail" boolean NOT NULL,
	"reason" text,
	"mx_hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quarantined_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_account_id" uuid NOT NULL,
	"imap_uid_validity" bigint NOT NULL,
	"imap_uid" bigint NOT NULL,
	"message_id" text,
	"from_email" text,
	"subject" text,
	"size" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uq_quarantined_messages_mailbox_uid" UNIQUE("email_account_id","imap_uid_validity","imap_uid")
);
--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "email_check" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_account_id" uuid;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "status_source" "mailbox_status_source";--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "ramp_limit" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "ramp_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "max_hard_bounce_pct" real DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "max_policy_block_pct" real DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "max_unsubscribe_pct" real DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "dkim_selectors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "domain_check" jsonb;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "soft_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "bounce_type" "bounce_type";--> statement-breakpoint
ALTER TABLE "quarantined_messages" ADD CONSTRAINT "quarantined_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarantined_messages" ADD CONSTRAINT "quarantined_messages_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_quarantined_messages_email_account_id_created_at" ON "quarantined_messages" USING btree ("email_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;