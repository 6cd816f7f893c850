ALTER TABLE "jobs" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- jobs that already used up their attempts wait forever under the old queue: they are failed now
UPDATE "jobs" SET "failed_at" = now() WHERE "done_at" IS NULL AND "attempts" >= 5;
