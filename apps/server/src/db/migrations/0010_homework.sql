CREATE TABLE "homework_calls" (
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_calls_content_id_user_id_pk" PRIMARY KEY("content_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "homeworks" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"full_score" integer DEFAULT 100 NOT NULL,
	"allow_late" boolean DEFAULT false NOT NULL,
	"group_set_id" integer,
	"dup_check" boolean DEFAULT false NOT NULL,
	"dup_ceiling" smallint DEFAULT 40 NOT NULL,
	"dup_course_wide" boolean DEFAULT false NOT NULL,
	"reviewers" smallint DEFAULT 3 NOT NULL,
	"anonymous" boolean DEFAULT true NOT NULL,
	"min_comment" smallint DEFAULT 0 NOT NULL,
	"score_mode" smallint DEFAULT 1 NOT NULL,
	"scores_published" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_versions" (
	"submission_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"overtime" boolean DEFAULT false NOT NULL,
	CONSTRAINT "submission_versions_submission_id_version_pk" PRIMARY KEY("submission_id","version")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer,
	"owner" varchar(24) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"overtime" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"return_reason" varchar(200) DEFAULT '' NOT NULL,
	"score" real,
	"comment" text DEFAULT '' NOT NULL,
	"graded_at" timestamp with time zone,
	"score_published" boolean DEFAULT false NOT NULL,
	"shared" smallint DEFAULT 0 NOT NULL,
	"share_reason" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "homework_calls" ADD CONSTRAINT "homework_calls_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_calls" ADD CONSTRAINT "homework_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeworks" ADD CONSTRAINT "homeworks_group_set_id_group_sets_id_fk" FOREIGN KEY ("group_set_id") REFERENCES "public"."group_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_owner_key" ON "submissions" USING btree ("content_id","owner");--> statement-breakpoint
CREATE INDEX "submissions_content_idx" ON "submissions" USING btree ("content_id","status");