-- the mistakes set (issue 14): redone right; carries the change trigger (course_id, user_id)
CREATE TABLE "test_mistakes_mastered" (
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"mastered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_mistakes_mastered_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "test_mistakes_mastered" ADD CONSTRAINT "test_mistakes_mastered_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_mistakes_mastered" ADD CONSTRAINT "test_mistakes_mastered_item_id_test_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."test_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_mistakes_mastered" ADD CONSTRAINT "test_mistakes_mastered_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_mistakes_mastered" ADD CONSTRAINT "test_mistakes_mastered_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_mistakes_mastered_item_idx" ON "test_mistakes_mastered" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "test_mistakes_mastered_course_idx" ON "test_mistakes_mastered" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "test_mistakes_mastered_content_idx" ON "test_mistakes_mastered" USING btree ("content_id");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "test_mistakes_mastered" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
