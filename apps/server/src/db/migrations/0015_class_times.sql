CREATE TABLE "class_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"started_by" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "class_times" ADD CONSTRAINT "class_times_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_times" ADD CONSTRAINT "class_times_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_times_course_idx" ON "class_times" USING btree ("course_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "class_times_open_key" ON "class_times" USING btree ("course_id") WHERE "class_times"."ended_at" is null;