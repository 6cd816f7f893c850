CREATE TABLE "test_offline_scores" (
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"score" real NOT NULL,
	"scored_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_offline_scores_content_id_user_id_pk" PRIMARY KEY("content_id","user_id"),
	CONSTRAINT "test_offline_scores_score_check" CHECK ("test_offline_scores"."score" >= 0)
);
--> statement-breakpoint
ALTER TABLE "test_offline_scores" ADD CONSTRAINT "test_offline_scores_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_offline_scores" ADD CONSTRAINT "test_offline_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_offline_scores" ADD CONSTRAINT "test_offline_scores_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_offline_scores" ADD CONSTRAINT "test_offline_scores_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_offline_scores_user_idx" ON "test_offline_scores" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "test_offline_scores_course_idx" ON "test_offline_scores" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "test_offline_scores_scored_by_idx" ON "test_offline_scores" USING btree ("scored_by");--> statement-breakpoint
-- offline test scores typed by the teacher (issue 14): carry the change trigger (course_id, user_id), as test_attempts do
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "test_offline_scores" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
