CREATE TABLE "class_controls" (
	"class_time_id" integer PRIMARY KEY NOT NULL,
	"all_muted" boolean DEFAULT false NOT NULL,
	"timer_seconds" integer,
	"timer_started_at" timestamp with time zone,
	"timer_ends_at" timestamp with time zone,
	"timer_stopped_at" timestamp with time zone,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_question_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(600) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_question_replies_content_check" CHECK (length("course_question_replies"."content") > 0)
);
--> statement-breakpoint
CREATE TABLE "course_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"class_time_id" integer,
	"user_id" integer NOT NULL,
	"content" varchar(600) NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speak_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_time_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(400) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speak_mutes" (
	"class_time_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"muted" boolean NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speak_mutes_class_time_id_user_id_pk" PRIMARY KEY("class_time_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "class_controls" ADD CONSTRAINT "class_controls_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_controls" ADD CONSTRAINT "class_controls_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_question_replies" ADD CONSTRAINT "course_question_replies_question_id_course_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."course_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_question_replies" ADD CONSTRAINT "course_question_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_questions" ADD CONSTRAINT "course_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_questions" ADD CONSTRAINT "course_questions_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_questions" ADD CONSTRAINT "course_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_questions" ADD CONSTRAINT "course_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speak_letters" ADD CONSTRAINT "speak_letters_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speak_letters" ADD CONSTRAINT "speak_letters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speak_letters" ADD CONSTRAINT "speak_letters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speak_mutes" ADD CONSTRAINT "speak_mutes_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speak_mutes" ADD CONSTRAINT "speak_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speak_mutes" ADD CONSTRAINT "speak_mutes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_controls_changed_by_idx" ON "class_controls" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "course_question_replies_question_idx" ON "course_question_replies" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "course_question_replies_user_idx" ON "course_question_replies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_questions_course_idx" ON "course_questions" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "course_questions_asker_idx" ON "course_questions" USING btree ("course_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "course_questions_user_idx" ON "course_questions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_questions_class_time_idx" ON "course_questions" USING btree ("class_time_id");--> statement-breakpoint
CREATE INDEX "course_questions_answered_by_idx" ON "course_questions" USING btree ("answered_by");--> statement-breakpoint
CREATE INDEX "speak_letters_class_time_idx" ON "speak_letters" USING btree ("class_time_id","id");--> statement-breakpoint
CREATE INDEX "speak_letters_sender_idx" ON "speak_letters" USING btree ("class_time_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "speak_letters_course_idx" ON "speak_letters" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "speak_letters_user_idx" ON "speak_letters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "speak_mutes_user_idx" ON "speak_mutes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "speak_mutes_changed_by_idx" ON "speak_mutes" USING btree ("changed_by");