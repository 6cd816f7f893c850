CREATE TABLE "meeting_presences" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"room" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "meeting_presences_room_check" CHECK ("meeting_presences"."room" between 1 and 9)
);
--> statement-breakpoint
ALTER TABLE "meeting_presences" ADD CONSTRAINT "meeting_presences_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_presences" ADD CONSTRAINT "meeting_presences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_presences_room_idx" ON "meeting_presences" USING btree ("course_id","room","joined_at");--> statement-breakpoint
CREATE INDEX "meeting_presences_user_idx" ON "meeting_presences" USING btree ("user_id");