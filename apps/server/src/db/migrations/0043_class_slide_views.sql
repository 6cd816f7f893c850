-- the pages the classroom screen showed per class time (issue 15, decision 025); unwatched by the change feed (db/change-feed.ts)
CREATE TABLE "class_slide_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_time_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"page" integer NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_slide_views_page_check" CHECK ("class_slide_views"."page" >= 1)
);
--> statement-breakpoint
ALTER TABLE "class_slide_views" ADD CONSTRAINT "class_slide_views_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_slide_views" ADD CONSTRAINT "class_slide_views_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_slide_views_class_time_idx" ON "class_slide_views" USING btree ("class_time_id","id");--> statement-breakpoint
CREATE INDEX "class_slide_views_content_idx" ON "class_slide_views" USING btree ("content_id","class_time_id","id");