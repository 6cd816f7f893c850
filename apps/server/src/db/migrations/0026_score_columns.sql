CREATE TABLE "column_scores" (
	"column_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" real NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "column_scores_column_id_user_id_pk" PRIMARY KEY("column_id","user_id"),
	CONSTRAINT "column_scores_score_check" CHECK ("column_scores"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "score_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"full_score" smallint DEFAULT 100 NOT NULL,
	"weight" smallint DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_columns_kind_check" CHECK ("score_columns"."kind" in ('test', 'midterm', 'final', 'attendance', 'other')),
	CONSTRAINT "score_columns_full_score_check" CHECK ("score_columns"."full_score" between 1 and 1000),
	CONSTRAINT "score_columns_weight_check" CHECK ("score_columns"."weight" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "column_scores" ADD CONSTRAINT "column_scores_column_id_score_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."score_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_scores" ADD CONSTRAINT "column_scores_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_scores" ADD CONSTRAINT "column_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_scores" ADD CONSTRAINT "column_scores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_columns" ADD CONSTRAINT "score_columns_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "column_scores_course_idx" ON "column_scores" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "column_scores_user_idx" ON "column_scores" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "column_scores_updated_by_idx" ON "column_scores" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "score_columns_course_idx" ON "score_columns" USING btree ("course_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "score_columns_name_key" ON "score_columns" USING btree ("course_id","name");--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "score_columns" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();--> statement-breakpoint
CREATE TRIGGER paiclass_changed AFTER INSERT OR UPDATE OR DELETE ON "column_scores" FOR EACH ROW EXECUTE FUNCTION paiclass_notify_change();
