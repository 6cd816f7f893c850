CREATE TABLE "institution_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"usertype" smallint NOT NULL,
	"realname" varchar(30) NOT NULL,
	"realstno" varchar(20) NOT NULL,
	"user_id" integer,
	"certified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"require_attest" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teach_class_students" (
	"teach_class_id" integer NOT NULL,
	"stno" varchar(20) NOT NULL,
	CONSTRAINT "teach_class_students_teach_class_id_stno_pk" PRIMARY KEY("teach_class_id","stno")
);
--> statement-breakpoint
CREATE TABLE "teach_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"teach_class" varchar(64) NOT NULL,
	"coursename" varchar(50) NOT NULL,
	"classname" varchar(50) DEFAULT '' NOT NULL,
	"semester" varchar(9) NOT NULL,
	"term" smallint NOT NULL,
	"teacher_stno" varchar(20) NOT NULL,
	"course_id" integer
);
--> statement-breakpoint
ALTER TABLE "institution_people" ADD CONSTRAINT "institution_people_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_people" ADD CONSTRAINT "institution_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teach_class_students" ADD CONSTRAINT "teach_class_students_teach_class_id_teach_classes_id_fk" FOREIGN KEY ("teach_class_id") REFERENCES "public"."teach_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teach_classes" ADD CONSTRAINT "teach_classes_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teach_classes" ADD CONSTRAINT "teach_classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_people_key" ON "institution_people" USING btree ("institution_id","usertype","realstno");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_people_user_key" ON "institution_people" USING btree ("institution_id","user_id");--> statement-breakpoint
CREATE INDEX "institution_people_user_idx" ON "institution_people" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_name_key" ON "institutions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "teach_class_students_stno_idx" ON "teach_class_students" USING btree ("stno");--> statement-breakpoint
CREATE UNIQUE INDEX "teach_classes_key" ON "teach_classes" USING btree ("institution_id","teach_class");--> statement-breakpoint
CREATE INDEX "teach_classes_teacher_idx" ON "teach_classes" USING btree ("institution_id","teacher_stno");--> statement-breakpoint
CREATE INDEX "teach_classes_course_idx" ON "teach_classes" USING btree ("course_id");