CREATE TYPE "public"."enrollment_status" AS ENUM('active', 'paused', 'completed', 'stopped');--> statement-breakpoint
CREATE TYPE "public"."inbound_kind" AS ENUM('reply', 'auto_reply', 'bounce', 'unsubscribe');--> statement-breakpoint
CREATE TYPE "public"."outreach_message_status" AS ENUM('queued', 'sending', 'sent', 'failed', 'flagged', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."suppression_reason" AS ENUM('unsubscribe', 'bounce', 'complaint', 'manual');--> statement-breakpoint
CREATE TYPE "public"."tracking_event_type" AS ENUM('open', 'click');--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"sequence_id" uuid,
	"email_account_id" uuid,
	"status" "enrollment_status" DEFAULT 'active' NOT NULL,
	"next_step" integer DEFAULT 1 NOT NULL,
	"next_step_at" timestamp with time zone,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_prospectId_unique" UNIQUE("prospect_id")
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_account_id" uuid NOT NULL,
	"imap_uid_validity" bigint NOT NULL,
	"imap_uid" bigint NOT NULL,
	"prospect_id" uuid NOT NULL,
	"outreach_message_id" uuid,
	"kind" "inbound_kind" NOT NULL,
	"message_id" text,
	"from_email" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uq_inbound_messages_mailbox_uid" UNIQUE("email_account_id","imap_uid_validity","imap_uid")
);
--> statement-breakpoint
CREATE TABLE "outreach_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"email_account_id" uuid,
	"step_number" integer NOT NULL,
	"status" "outreach_message_status" DEFAULT 'queued' NOT NULL,
	"message_id" text NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"missing_placeholders" text[] DEFAULT '{}'::text[] NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outreach_messages_messageId_unique" UNIQUE("message_id"),
	CONSTRAINT "uq_outreach_messages_enrollment_id_step_number" UNIQUE("enrollment_id","step_number")
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" "suppression_reason" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uq_suppressions_user_id_email" UNIQUE("user_id","email")
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"type" "tracking_event_type" NOT NULL,
	"url" text,
	"ip_address" text,
	"user_agent" text,
	"automated" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sequence_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "track_opens" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "track_clicks" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "min_spacing_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "max_spacing_seconds" integer DEFAULT 360 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "next_send_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_uid_validity" bigint;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_last_uid" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "send_window_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "send_window_start_hour" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "send_window_end_hour" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stop_domain_on_reply" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_sequence_id_email_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."email_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_campaign_id_user_id_campaigns_id_user_id_fk" FOREIGN KEY ("campaign_id","user_id") REFERENCES "public"."campaigns"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_outreach_message_id_outreach_messages_id_fk" FOREIGN KEY ("outreach_message_id") REFERENCES "public"."outreach_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_messages" ADD CONSTRAINT "outreach_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_messages" ADD CONSTRAINT "outreach_messages_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_messages" ADD CONSTRAINT "outreach_messages_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_message_id_outreach_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outreach_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_enrollments_status_next_step_at" ON "enrollments" USING btree ("status","next_step_at");--> statement-breakpoint
CREATE INDEX "idx_enrollments_campaign_id" ON "enrollments" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "idx_inbound_messages_prospect_id_received_at" ON "inbound_messages" USING btree ("prospect_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_outreach_messages_status_not_before" ON "outreach_messages" USING btree ("status","not_before");--> statement-breakpoint
CREATE INDEX "idx_outreach_messages_email_account_id_sent_at" ON "outreach_messages" USING btree ("email_account_id","sent_at");--> statement-breakpoint
CREATE INDEX "idx_outreach_messages_prospect_id" ON "outreach_messages" USING btree ("prospect_id");--> statement-breakpoint
CREATE INDEX "idx_tracking_events_message_id" ON "tracking_events" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_sequence_id_email_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."email_sequences"("id") ON DELETE set null ON UPDATE no action;