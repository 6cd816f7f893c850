CREATE TABLE "member_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"key" varchar(120),
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer,
	"course_role" smallint DEFAULT 0 NOT NULL,
	"contenttype" smallint DEFAULT 0 NOT NULL,
	"content_id" integer DEFAULT 0 NOT NULL,
	"action" varchar(32) NOT NULL,
	"eventtype" smallint DEFAULT 0 NOT NULL,
	"title" varchar(200) NOT NULL,
	"activitylabel" varchar(40) DEFAULT '' NOT NULL,
	"from_name" varchar(30) DEFAULT '' NOT NULL,
	"isread" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "member_notify" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "member_notify_day" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "member_notify_time" varchar(5) DEFAULT '21:30' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_events" ADD CONSTRAINT "member_events_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notices" ADD CONSTRAINT "message_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_events_course_idx" ON "member_events" USING btree ("course_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("done_at","run_at");--> statement-breakpoint
CREATE INDEX "message_notices_user_idx" ON "message_notices" USING btree ("user_id","id");