ALTER TABLE "files" ADD COLUMN "pdf_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "pdf_file_id" integer;