CREATE TABLE "wechat_oauth_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" varchar(64) NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_payers" (
	"user_id" integer NOT NULL,
	"appid" varchar(64) NOT NULL,
	"openid" varchar(128) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "homeworks" ADD COLUMN "classmates_work" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_oauth_states" ADD CONSTRAINT "wechat_oauth_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_oauth_states" ADD CONSTRAINT "wechat_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_payers" ADD CONSTRAINT "wechat_payers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_oauth_states_state_key" ON "wechat_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "wechat_oauth_states_session_idx" ON "wechat_oauth_states" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "wechat_oauth_states_user_idx" ON "wechat_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_payers_user_app_key" ON "wechat_payers" USING btree ("user_id","appid");