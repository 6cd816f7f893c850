CREATE TABLE "figure_codes" (
	"sessionid" varchar(64) PRIMARY KEY NOT NULL,
	"answer" varchar(16) NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(16) NOT NULL,
	"target" varchar(100) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"code" varchar(16) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "register_tickets" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"restricted" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"usertype" smallint DEFAULT 0 NOT NULL,
	"username" varchar(30) NOT NULL,
	"account" varchar(100) NOT NULL,
	"mobile" varchar(11),
	"email" varchar(100),
	"password_hash" text,
	"school" varchar(50) DEFAULT '' NOT NULL,
	"department" varchar(20) DEFAULT '' NOT NULL,
	"stno" varchar(20) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"lang" varchar(2) DEFAULT 'zh' NOT NULL,
	"openid" varchar(64),
	"unionid" varchar(64),
	"wechat_nickname" varchar(64) DEFAULT '' NOT NULL,
	"notify" jsonb DEFAULT '[1,1,1,1]'::jsonb NOT NULL,
	"isenterprise" smallint DEFAULT 0 NOT NULL,
	"atteststate" smallint DEFAULT 0 NOT NULL,
	"attest_jigou" varchar(100) DEFAULT '' NOT NULL,
	"isvip" smallint DEFAULT 0 NOT NULL,
	"vip_begin" timestamp with time zone,
	"vip_end" timestamp with time zone,
	"enrolltime" varchar(7) DEFAULT '' NOT NULL,
	"grade" varchar(2) DEFAULT '' NOT NULL,
	"classno" varchar(20) DEFAULT '' NOT NULL,
	"teachcourse" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"majors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coid" varchar(32) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" varchar(100) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"client_address" varchar(64) NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_logins" (
	"code_key" varchar(64) PRIMARY KEY NOT NULL,
	"openid" varchar(64),
	"unionid" varchar(64),
	"nickname" varchar(64),
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_target_idx" ON "outbox" USING btree ("target","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_key" ON "users" USING btree (lower("account"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_openid_key" ON "users" USING btree ("openid");--> statement-breakpoint
CREATE INDEX "codes_target_idx" ON "verification_codes" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "codes_address_idx" ON "verification_codes" USING btree ("client_address","created_at");