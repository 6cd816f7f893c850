CREATE TABLE "peer_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"score" real,
	"comment" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"overridden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_weights" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "peer_reviews" ADD CONSTRAINT "peer_reviews_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reviews" ADD CONSTRAINT "peer_reviews_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reviews" ADD CONSTRAINT "peer_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_weights" ADD CONSTRAINT "score_weights_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "peer_reviews_pair_key" ON "peer_reviews" USING btree ("submission_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "peer_reviews_reviewer_idx" ON "peer_reviews" USING btree ("content_id","reviewer_id");