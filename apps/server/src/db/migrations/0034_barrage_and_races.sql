-- barrage and the grab-answer race of a class time (issue 15, decision 021); unwatched by the change feed (db/change-feed.ts)
CREATE TABLE "barrage_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_time_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(200) NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "barrage_switches" (
	"class_time_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_entries" (
	"race_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reaction_ms" integer NOT NULL,
	"via" text NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_entries_via_check" CHECK ("race_entries"."via" in ('socket', 'http'))
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_time_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"started_by" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_seq" bigint,
	"decide_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"winner_id" integer,
	"winner_reaction_ms" integer
);
--> statement-breakpoint
ALTER TABLE "barrage_messages" ADD CONSTRAINT "barrage_messages_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barrage_messages" ADD CONSTRAINT "barrage_messages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barrage_messages" ADD CONSTRAINT "barrage_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barrage_messages" ADD CONSTRAINT "barrage_messages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barrage_switches" ADD CONSTRAINT "barrage_switches_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barrage_switches" ADD CONSTRAINT "barrage_switches_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_entries" ADD CONSTRAINT "race_entries_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_entries" ADD CONSTRAINT "race_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "barrage_messages_class_time_idx" ON "barrage_messages" USING btree ("class_time_id","id");--> statement-breakpoint
CREATE INDEX "barrage_messages_sender_idx" ON "barrage_messages" USING btree ("class_time_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "barrage_messages_course_idx" ON "barrage_messages" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "barrage_messages_user_idx" ON "barrage_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "barrage_messages_deleted_by_idx" ON "barrage_messages" USING btree ("deleted_by");--> statement-breakpoint
CREATE INDEX "barrage_switches_changed_by_idx" ON "barrage_switches" USING btree ("changed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "race_entries_key" ON "race_entries" USING btree ("race_id","user_id");--> statement-breakpoint
CREATE INDEX "race_entries_user_idx" ON "race_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "races_class_time_idx" ON "races" USING btree ("class_time_id","started_at");--> statement-breakpoint
CREATE INDEX "races_course_idx" ON "races" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "races_started_by_idx" ON "races" USING btree ("started_by");--> statement-breakpoint
CREATE INDEX "races_winner_idx" ON "races" USING btree ("winner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "races_open_key" ON "races" USING btree ("class_time_id") WHERE "races"."closed_at" is null;