-- Tests and exams (issue 14, decision 017): the question bank, test settings, published papers, attempts,
-- answers and extra time. test_answers is written on every save and read by no cached answer: it has no
-- change trigger (UNWATCHED_TABLES); the other tables carry it.
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"author_id" integer,
	"type" smallint NOT NULL,
	"difficulty" smallint DEFAULT 2 NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "questions_type_check" CHECK ("questions"."type" in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15)),
	CONSTRAINT "questions_difficulty_check" CHECK ("questions"."difficulty" between 1 and 3),
	CONSTRAINT "questions_score_check" CHECK ("questions"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "test_answers" (
	"attempt_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"answer" jsonb,
	"seq" integer DEFAULT 0 NOT NULL,
	"elapsed_ms" integer,
	"late" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_answers_attempt_id_item_id_pk" PRIMARY KEY("attempt_id","item_id"),
	CONSTRAINT "test_answers_seq_check" CHECK ("test_answers"."seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempt_no" smallint NOT NULL,
	"version" integer NOT NULL,
	"item_ids" jsonb NOT NULL,
	"option_order" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submit_kind" smallint DEFAULT 0 NOT NULL,
	"switch_count" integer DEFAULT 0 NOT NULL,
	"forced_at" timestamp with time zone,
	"grades" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" real,
	"pending" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_attempts_status_check" CHECK ("test_attempts"."status" between 0 and 3),
	CONSTRAINT "test_attempts_no_check" CHECK ("test_attempts"."attempt_no" between 1 and 100),
	CONSTRAINT "test_attempts_submit_kind_check" CHECK ("test_attempts"."submit_kind" between 0 and 4),
	CONSTRAINT "test_attempts_switch_check" CHECK ("test_attempts"."switch_count" >= 0),
	CONSTRAINT "test_attempts_pending_check" CHECK ("test_attempts"."pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_extra_times" (
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"minutes" smallint NOT NULL,
	"updated_by" integer,
	CONSTRAINT "test_extra_times_content_id_user_id_pk" PRIMARY KEY("content_id","user_id"),
	CONSTRAINT "test_extra_times_minutes_check" CHECK ("test_extra_times"."minutes" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "test_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"question_id" integer,
	"draw" smallint DEFAULT 0 NOT NULL,
	"sort" integer NOT NULL,
	"type" smallint NOT NULL,
	"difficulty" smallint NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "test_items_score_check" CHECK ("test_items"."score" between 0 and 100),
	CONSTRAINT "test_items_draw_check" CHECK ("test_items"."draw" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"time_limit" smallint DEFAULT 0 NOT NULL,
	"begin_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"attempts" smallint DEFAULT 1 NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"show_answers" smallint DEFAULT 1 NOT NULL,
	"score_percent" smallint DEFAULT 0 NOT NULL,
	"switch_limit" smallint DEFAULT 0 NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"partial_credit" boolean DEFAULT false NOT NULL,
	"release_scores" boolean DEFAULT true NOT NULL,
	"scores_published" boolean DEFAULT false NOT NULL,
	"composition" jsonb DEFAULT '{"fixed":[],"draws":[]}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"total_score" real DEFAULT 0 NOT NULL,
	"question_count" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "tests_type_check" CHECK ("tests"."type" in (1, 2)),
	CONSTRAINT "tests_time_limit_check" CHECK ("tests"."time_limit" between 0 and 600),
	CONSTRAINT "tests_attempts_check" CHECK ("tests"."attempts" between 1 and 10),
	CONSTRAINT "tests_show_answers_check" CHECK ("tests"."show_answers" in (1, 2, 3)),
	CONSTRAINT "tests_score_percent_check" CHECK ("tests"."score_percent" between 0 and 100),
	CONSTRAINT "tests_switch_limit_check" CHECK ("tests"."switch_limit" between 0 and 99),
	CONSTRAINT "tests_total_score_check" CHECK ("tests"."total_score" >= 0)
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_item_id_test_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."test_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_extra_times" ADD CONSTRAINT "test_extra_times_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_extra_times" ADD CONSTRAINT "test_extra_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_extra_times" ADD CONSTRAINT "test_extra_times_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_items" ADD CONSTRAINT "test_items_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_items" ADD CONSTRAINT "test_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_course_idx" ON "questions" USING btree ("course_id","type","difficulty");--> statement-breakpoint
CREATE INDEX "questions_author_idx" ON "questions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "test_answers_item_idx" ON "test_answers" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_attempts_key" ON "test_attempts" USING btree ("content_id","user_id","attempt_no");--> statement-breakpoint
CREATE INDEX "test_attempts_user_idx" ON "test_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "test_attempts_course_idx" ON "test_attempts" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "test_attempts_status_idx" ON "test_attempts" USING btree ("content_id","status");--> statement-breakpoint
CREATE INDEX "test_extra_times_user_idx" ON "test_extra_times" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "test_extra_times_updated_by_idx" ON "test_extra_times" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "test_items_content_idx" ON "test_items" USING btree ("content_id","draw","sort");--> statement-breakpoint
CREATE INDEX "test_items_question_idx" ON "test_items" USING btree ("question_id");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "questions" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "tests" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "test_items" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "test_attempts" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "test_extra_times" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
