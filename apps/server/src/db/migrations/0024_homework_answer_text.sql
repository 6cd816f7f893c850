ALTER TABLE "homeworks" ADD COLUMN "answer_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD COLUMN "answer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "answer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_answer_type_check" CHECK ("homeworks"."answer_type" in (1, 2, 3));