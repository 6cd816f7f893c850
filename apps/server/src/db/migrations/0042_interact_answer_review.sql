-- answer review (issue 15, decision 022): each answer gets a number of its own, the teacher's mark and comment, and whether it is shown to the class (interact_answers stays unwatched by the change feed)
ALTER TABLE "interact_answers" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "interact_answers" ADD COLUMN "mark" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interact_answers" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "interact_answers" ADD COLUMN "exhibit" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interact_answers" ADD CONSTRAINT "interact_answers_mark_check" CHECK ("interact_answers"."mark" between 0 and 3);--> statement-breakpoint
ALTER TABLE "interact_answers" ADD CONSTRAINT "interact_answers_exhibit_check" CHECK ("interact_answers"."exhibit" between 0 and 2);