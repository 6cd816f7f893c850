CREATE TABLE "practice_items" (
	"practice_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort" smallint NOT NULL,
	"answer" jsonb,
	"correct" smallint,
	"answered_at" timestamp with time zone,
	CONSTRAINT "practice_items_practice_id_question_id_pk" PRIMARY KEY("practice_id","question_id"),
	CONSTRAINT "practice_items_correct_check" CHECK ("practice_items"."correct" is null or "practice_items"."correct" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"points" jsonb NOT NULL,
	"points_key" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" smallint NOT NULL,
	"answered" smallint DEFAULT 0 NOT NULL,
	"correct" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "practices_kind_check" CHECK ("practices"."kind" in (1, 2)),
	CONSTRAINT "practices_status_check" CHECK ("practices"."status" in (0, 1)),
	CONSTRAINT "practices_total_check" CHECK ("practices"."total" between 1 and 20),
	CONSTRAINT "practices_answered_check" CHECK ("practices"."answered" between 0 and "practices"."total"),
	CONSTRAINT "practices_correct_check" CHECK ("practices"."correct" between 0 and "practices"."answered")
);
--> statement-breakpoint
ALTER TABLE "practice_items" ADD CONSTRAINT "practice_items_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_items" ADD CONSTRAINT "practice_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_items_question_idx" ON "practice_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "practices_user_idx" ON "practices" USING btree ("user_id","course_id","kind");--> statement-breakpoint
CREATE INDEX "practices_course_idx" ON "practices" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practices_open_key" ON "practices" USING btree ("user_id","course_id","kind","points_key") WHERE "practices"."status" = 0;--> statement-breakpoint
-- practice on knowledge points (issue 14): practices carry the change trigger (course_id, user_id); practice_items is in UNWATCHED_TABLES
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "practices" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
