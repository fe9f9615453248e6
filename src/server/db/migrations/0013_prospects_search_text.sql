DROP INDEX "idx_prospects_website_trgm";--> statement-breakpoint
DROP INDEX "idx_prospects_contact_email_trgm";--> statement-breakpoint
DROP INDEX "idx_prospects_contact_name_trgm";--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(website || chr(1) || coalesce(contact_email, '') || chr(1) || coalesce(contact_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "idx_prospects_search_text_trgm" ON "prospects" USING gin ("search_text" gin_trgm_ops);