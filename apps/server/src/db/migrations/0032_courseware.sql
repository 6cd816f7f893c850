-- courseware (issue 15): learners, doubt marks and page comments; each carries the change trigger (content_id, user_id)
CREATE TABLE "courseware_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"page" integer NOT NULL,
	"parent_id" integer,
	"reply_to_user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courseware_comments_page_check" CHECK ("courseware_comments"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "courseware_doubts" (
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"page" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courseware_doubts_content_id_page_user_id_pk" PRIMARY KEY("content_id","page","user_id"),
	CONSTRAINT "courseware_doubts_page_check" CHECK ("courseware_doubts"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "courseware_learners" (
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"seen" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courseware_learners_content_id_user_id_pk" PRIMARY KEY("content_id","user_id"),
	CONSTRAINT "courseware_learners_check" CHECK ("courseware_learners"."seconds" >= 0 and "courseware_learners"."page" >= 1)
);
--> statement-breakpoint
ALTER TABLE "courseware_comments" ADD CONSTRAINT "courseware_comments_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_comments" ADD CONSTRAINT "courseware_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_comments" ADD CONSTRAINT "courseware_comments_parent_id_courseware_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."courseware_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_doubts" ADD CONSTRAINT "courseware_doubts_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_doubts" ADD CONSTRAINT "courseware_doubts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_learners" ADD CONSTRAINT "courseware_learners_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_learners" ADD CONSTRAINT "courseware_learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courseware_comments_content_idx" ON "courseware_comments" USING btree ("content_id","page");--> statement-breakpoint
CREATE INDEX "courseware_comments_user_idx" ON "courseware_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "courseware_comments_parent_idx" ON "courseware_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "courseware_doubts_user_idx" ON "courseware_doubts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "courseware_learners_user_idx" ON "courseware_learners" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "courseware_learners" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "courseware_doubts" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "courseware_comments" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
