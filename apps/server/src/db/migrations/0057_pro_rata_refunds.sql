ALTER TABLE "orders" ADD COLUMN "pro_rata" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_fee" integer;--> statement-breakpoint
ALTER TABLE "vip_products" ADD COLUMN "pro_rata" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_fee_check" CHECK ("orders"."refund_fee" is null or "orders"."refund_fee" between 0 and "orders"."total_fee");--> statement-breakpoint
-- the orders refunded before were refunded whole (decision 035)
UPDATE "orders" SET "refund_fee" = "total_fee" WHERE "state" = 3;--> statement-breakpoint
-- the year-long plans and the study cards give back the unused share (decision 044; an operator changes these)
UPDATE "vip_products" SET "pro_rata" = true WHERE "months" >= 6 AND ("from_type" = 1 OR "months" >= 12);
