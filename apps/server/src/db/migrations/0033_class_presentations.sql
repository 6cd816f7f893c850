-- the courseware on the classroom screen and its page (issue 15); unwatched by the change feed (db/change-feed.ts)
CREATE TABLE "class_presentations" (
	"class_time_id" integer PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"total" integer NOT NULL,
	"presented_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_presentations_page_check" CHECK ("class_presentations"."page" >= 1 and "class_presentations"."page" <= "class_presentations"."total")
);
--> statement-breakpoint
ALTER TABLE "class_presentations" ADD CONSTRAINT "class_presentations_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_presentations" ADD CONSTRAINT "class_presentations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_presentations" ADD CONSTRAINT "class_presentations_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_presentations" ADD CONSTRAINT "class_presentations_presented_by_users_id_fk" FOREIGN KEY ("presented_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_presentations_course_idx" ON "class_presentations" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "class_presentations_content_idx" ON "class_presentations" USING btree ("content_id");