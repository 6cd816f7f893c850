CREATE TABLE "content_watch_logs" (
	"content_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_live" integer DEFAULT 0 NOT NULL,
	"visited" integer DEFAULT 0 NOT NULL,
	"live_seconds" integer DEFAULT 0 NOT NULL,
	"replay_seconds" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_watch_logs_content_id_user_id_pk" PRIMARY KEY("content_id","user_id"),
	CONSTRAINT "content_watch_logs_seconds_check" CHECK ("content_watch_logs"."live_seconds" >= 0 and "content_watch_logs"."replay_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "content_watch_logs" ADD CONSTRAINT "content_watch_logs_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_watch_logs" ADD CONSTRAINT "content_watch_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_watch_logs_user_idx" ON "content_watch_logs" USING btree ("user_id");