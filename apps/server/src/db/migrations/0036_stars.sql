-- stars awarded to students of a course, with their log (issue 15, decision 023); carries the change trigger (course_id, user_id)
CREATE TABLE "course_stars" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"class_time_id" integer,
	"stars" smallint NOT NULL,
	"reason" varchar(50) DEFAULT '' NOT NULL,
	"given_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_stars_stars_check" CHECK ("course_stars"."stars" <> 0)
);
--> statement-breakpoint
ALTER TABLE "course_stars" ADD CONSTRAINT "course_stars_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_stars" ADD CONSTRAINT "course_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_stars" ADD CONSTRAINT "course_stars_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_stars" ADD CONSTRAINT "course_stars_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_stars_student_idx" ON "course_stars" USING btree ("course_id","user_id","id");--> statement-breakpoint
CREATE INDEX "course_stars_user_idx" ON "course_stars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_stars_class_time_idx" ON "course_stars" USING btree ("class_time_id");--> statement-breakpoint
CREATE INDEX "course_stars_given_by_idx" ON "course_stars" USING btree ("given_by");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "course_stars" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
