CREATE TYPE "public"."placement_claim_status" AS ENUM('open', 'publisher_replied', 'restored', 'replaced', 'refunded', 'written_off');--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'claim.opened';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'claim.resolved';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'claim-opened';--> statement-breakpoint
CREATE TABLE "placement_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"placement_id" uuid NOT NULL,
	"proof_id" uuid,
	"status" "placement_claim_status" DEFAULT 'open' NOT NULL,
	"issues" text[] NOT NULL,
	"restore_suggested_at" timestamp with time zone,
	"assignee_id" uuid,
	"draft_body" text DEFAULT '' NOT NULL,
	"draft_answer_id" uuid,
	"replacement_placement_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"placement_id" uuid NOT NULL,
	"live_link_id" uuid,
	"checked_at" timestamp with time zone NOT NULL,
	"issues" text[] NOT NULL,
	"changes" text[] NOT NULL,
	"http_status" integer,
	"final_url" text NOT NULL,
	"found" jsonb,
	"fragment" text,
	"snapshot" "bytea",
	"snapshot_bytes" integer,
	"keep_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "monitor_issues" text[];--> statement-breakpoint
ALTER TABLE "placement_claims" ADD CONSTRAINT "placement_claims_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_claims" ADD CONSTRAINT "placement_claims_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_claims" ADD CONSTRAINT "placement_claims_proof_id_placement_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."placement_proofs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_claims" ADD CONSTRAINT "placement_claims_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_claims" ADD CONSTRAINT "placement_claims_draft_answer_id_inbox_answers_id_fk" FOREIGN KEY ("draft_answer_id") REFERENCES "public"."inbox_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_claims" ADD CONSTRAINT "placement_claims_replacement_placement_id_placements_id_fk" FOREIGN KEY ("replacement_placement_id") REFERENCES "public"."placements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_proofs" ADD CONSTRAINT "placement_proofs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_proofs" ADD CONSTRAINT "placement_proofs_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_proofs" ADD CONSTRAINT "placement_proofs_live_link_id_live_links_id_fk" FOREIGN KEY ("live_link_id") REFERENCES "public"."live_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idx_placement_claims_workspace_id_opened_at" ON "placement_claims" USING btree ("workspace_id","opened_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_placement_claims_waiting" ON "placement_claims" USING btree ("placement_id") WHERE "placement_claims"."status" in ('open', 'publisher_replied');--> statement-breakpoint
CREATE INDEX "idx_placement_proofs_placement_id_checked_at" ON "placement_proofs" USING btree ("placement_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idx_placement_proofs_keep_until" ON "placement_proofs" USING btree ("keep_until");