ALTER TABLE "prospects" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "idx_prospects_campaign_id_da_score" ON "prospects" USING btree ("campaign_id","da_score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- An outcome already decided dates from the status change that made it (its prospect_events row).
UPDATE "prospects" "p" SET "outcome_at" = "e"."at"
FROM (
	SELECT "prospect_id", "status", max("created_at") AS "at" FROM "prospect_events"
	WHERE "status" IN ('success', 'failed') GROUP BY "prospect_id", "status"
) "e"
WHERE "e"."prospect_id" = "p"."id" AND "e"."status" = "p"."status";--> statement-breakpoint
-- Marking an outcome used to clear last_contacted: it comes back from the last email we sent them.
UPDATE "prospects" "p" SET "last_contacted" = "s"."at"
FROM (
	SELECT "prospect_id", max("sent_at") AS "at" FROM (
		SELECT "prospect_id", "sent_at" FROM "outreach_messages" WHERE "sent_at" IS NOT NULL
		UNION ALL
		SELECT "t"."prospect_id", "a"."sent_at" FROM "inbox_answers" "a"
		JOIN "inbox_threads" "t" ON "t"."id" = "a"."thread_id" WHERE "a"."sent_at" IS NOT NULL
	) "m" GROUP BY "prospect_id"
) "s"
WHERE "s"."prospect_id" = "p"."id" AND "p"."last_contacted" IS NULL AND "p"."status" IN ('success', 'failed');
