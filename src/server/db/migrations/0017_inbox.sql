CREATE TYPE "public"."inbox_answer_status" AS ENUM('draft', 'sending', 'sent');--> statement-breakpoint
CREATE TYPE "public"."inbox_label_outcome" AS ENUM('responded', 'success', 'failed');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'inbox-reminder';--> statement-breakpoint
CREATE TABLE "inbound_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"inbound_message_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" uuid,
	"email_account_id" uuid,
	"status" "inbox_answer_status" DEFAULT 'draft' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"message_id" text,
	"to_email" text,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"sent_copy_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"outcome" "inbox_label_outcome",
	"category" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_reads" (
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbox_reads_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"email_account_id" uuid,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	"last_reply_at" timestamp with time zone,
	"needs_answer" boolean DEFAULT false NOT NULL,
	"label_id" uuid,
	"assignee_id" uuid,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_threads_prospectId_unique" UNIQUE("prospect_id")
);
--> statement-breakpoint
CREATE TABLE "prospect_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"prospect_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_email_account_id_email_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "inbound_messages" ALTER COLUMN "email_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "inbox_thread_id" uuid;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "quoted_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "references" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_answers" ADD CONSTRAINT "inbox_answers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_answers" ADD CONSTRAINT "inbox_answers_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_answers" ADD CONSTRAINT "inbox_answers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_answers" ADD CONSTRAINT "inbox_answers_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_labels" ADD CONSTRAINT "inbox_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_reads" ADD CONSTRAINT "inbox_reads_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_reads" ADD CONSTRAINT "inbox_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_label_id_inbox_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."inbox_labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_notes" ADD CONSTRAINT "prospect_notes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_notes" ADD CONSTRAINT "prospect_notes_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_notes" ADD CONSTRAINT "prospect_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_inbound_attachments_inbound_message_id" ON "inbound_attachments" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE INDEX "idx_inbox_answers_thread_id_created_at" ON "inbox_answers" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_inbox_answers_draft" ON "inbox_answers" USING btree ("thread_id","author_id") WHERE "inbox_answers"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "uq_inbox_labels_workspace_id_name" ON "inbox_labels" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "idx_inbox_threads_workspace_id_last_message_at" ON "inbox_threads" USING btree ("workspace_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_inbox_threads_remind_at" ON "inbox_threads" USING btree ("remind_at") WHERE "inbox_threads"."remind_at" is not null and "inbox_threads"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "idx_prospect_notes_prospect_id_created_at" ON "prospect_notes" USING btree ("prospect_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_inbox_thread_id_inbox_threads_id_fk" FOREIGN KEY ("inbox_thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every workspace starts with the default labels (src/shared/schemas/inbox.ts, defaultInboxLabels).
INSERT INTO "inbox_labels" ("workspace_id", "name", "outcome", "category", "position")
SELECT w."id", l."name", l."outcome"::"inbox_label_outcome", l."category", l."position"
FROM "workspaces" w
CROSS JOIN (VALUES
	('Interested', 'responded', 'interested', 0),
	('Asks for payment', NULL, 'asks_for_payment', 1),
	('Not interested', 'failed', 'not_interested', 2),
	('Question', NULL, 'question', 3),
	('Link placed', 'success', NULL, 4)
) AS l("name", "outcome", "category", "position");--> statement-breakpoint
-- A conversation for every prospect who wrote back before the inbox existed; a human reply counts
-- as unanswered (answers given outside the app are unknown).
INSERT INTO "inbox_threads" ("workspace_id", "prospect_id", "email_account_id", "last_message_at", "last_inbound_at", "last_reply_at", "needs_answer")
SELECT i."workspace_id", i."prospect_id",
	(array_agg(i."email_account_id" ORDER BY i."received_at" DESC))[1],
	max(i."received_at"), max(i."received_at"),
	max(i."received_at") FILTER (WHERE i."kind" = 'reply'),
	bool_or(i."kind" = 'reply')
FROM "inbound_messages" i
GROUP BY i."workspace_id", i."prospect_id";--> statement-breakpoint
-- Members had seen those replies on the prospect timeline: they start read.
INSERT INTO "inbox_reads" ("thread_id", "user_id", "read_at")
SELECT t."id", m."user_id", now()
FROM "inbox_threads" t
JOIN "workspace_members" m ON m."workspace_id" = t."workspace_id";
