CREATE TABLE "rate_limits" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "reported_imei" text;--> statement-breakpoint
ALTER TABLE "controllers" ADD COLUMN "reported_imei_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");