CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"orderno" varchar(32) NOT NULL,
	"trade_no" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"refund_no" varchar(64) DEFAULT '' NOT NULL,
	"error" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_state_ck" CHECK ("payment_refunds"."state" in (0, 1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_payment_uq" ON "payment_refunds" USING btree ("provider","trade_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_orderno_idx" ON "payment_refunds" USING btree ("orderno");