CREATE TABLE "chat_group_users" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"deleted_up_to" integer DEFAULT -1 NOT NULL,
	"mute" boolean DEFAULT false NOT NULL,
	CONSTRAINT "chat_group_users_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"course_id" integer NOT NULL,
	"pair_key" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_groups_kind_check" CHECK ("chat_groups"."kind" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"from_uid" integer NOT NULL,
	"msg_type" smallint NOT NULL,
	"msg_content" text NOT NULL,
	"file_url" text DEFAULT '' NOT NULL,
	"unique_code" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_group_users" ADD CONSTRAINT "chat_group_users_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_users" ADD CONSTRAINT "chat_group_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_from_uid_users_id_fk" FOREIGN KEY ("from_uid") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_group_users_user_idx" ON "chat_group_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_pair_key" ON "chat_groups" USING btree ("pair_key");--> statement-breakpoint
CREATE INDEX "chat_groups_course_idx" ON "chat_groups" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_course_key" ON "chat_groups" USING btree ("course_id") WHERE "chat_groups"."kind" = 2;--> statement-breakpoint
CREATE INDEX "chat_messages_group_idx" ON "chat_messages" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_unique_code" ON "chat_messages" USING btree ("from_uid","unique_code");