CREATE TABLE "course_area_seen" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"area" varchar(16) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_area_seen_user_id_course_id_area_pk" PRIMARY KEY("user_id","course_id","area"),
	CONSTRAINT "course_area_seen_area_check" CHECK ("course_area_seen"."area" in ('notice', 'material', 'homework', 'topic'))
);
--> statement-breakpoint
ALTER TABLE "course_area_seen" ADD CONSTRAINT "course_area_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_area_seen" ADD CONSTRAINT "course_area_seen_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_area_seen_course_idx" ON "course_area_seen" USING btree ("course_id");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "course_area_seen" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
