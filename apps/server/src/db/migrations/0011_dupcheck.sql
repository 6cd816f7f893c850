CREATE TABLE "dup_pairs" (
	"content_id" integer NOT NULL,
	"a" integer NOT NULL,
	"b" integer NOT NULL,
	"a_in_b" smallint NOT NULL,
	"b_in_a" smallint NOT NULL,
	CONSTRAINT "dup_pairs_content_id_a_b_pk" PRIMARY KEY("content_id","a","b")
);
--> statement-breakpoint
CREATE TABLE "dup_views" (
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"submission_id" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dup_views_user_id_content_id_submission_id_pk" PRIMARY KEY("user_id","content_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "submission_texts" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"version" integer NOT NULL,
	"format" varchar(12) NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"fingerprints" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "homeworks" ADD COLUMN "dup_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dup_pairs" ADD CONSTRAINT "dup_pairs_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dup_pairs" ADD CONSTRAINT "dup_pairs_a_submissions_id_fk" FOREIGN KEY ("a") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dup_pairs" ADD CONSTRAINT "dup_pairs_b_submissions_id_fk" FOREIGN KEY ("b") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dup_views" ADD CONSTRAINT "dup_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dup_views" ADD CONSTRAINT "dup_views_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_texts" ADD CONSTRAINT "submission_texts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_texts" ADD CONSTRAINT "submission_texts_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;