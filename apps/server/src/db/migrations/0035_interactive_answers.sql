-- interactive answers (issue 15, decision 022): steps copied from the question bank, and the students' answers (unwatched by the change feed)
CREATE TABLE "interact_answers" (
	"step_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interact_answers_step_id_user_id_pk" PRIMARY KEY("step_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "interact_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"type" smallint NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"seconds" integer NOT NULL,
	"class_time_id" integer,
	"opened_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "interact_steps_seconds_check" CHECK ("interact_steps"."seconds" between 5 and 3600)
);
--> statement-breakpoint
ALTER TABLE "interact_answers" ADD CONSTRAINT "interact_answers_step_id_interact_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."interact_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interact_answers" ADD CONSTRAINT "interact_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interact_answers" ADD CONSTRAINT "interact_answers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interact_steps" ADD CONSTRAINT "interact_steps_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interact_steps" ADD CONSTRAINT "interact_steps_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interact_steps" ADD CONSTRAINT "interact_steps_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interact_answers_user_idx" ON "interact_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "interact_steps_content_idx" ON "interact_steps" USING btree ("content_id","sort");--> statement-breakpoint
CREATE INDEX "interact_steps_course_idx" ON "interact_steps" USING btree ("course_id","closes_at");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "interact_steps" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
