ALTER TYPE "public"."activity_kind" ADD VALUE 'campaign.updated';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'campaign.collaborators_changed';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'sequence.created';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'sequence.deleted';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'inbox.answered';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'inbox.labelled';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'inbox.assigned';--> statement-breakpoint
ALTER TYPE "public"."activity_kind" ADD VALUE 'inbox.reminder_set';