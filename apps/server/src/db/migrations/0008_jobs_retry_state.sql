ALTER TABLE "jobs" ADD COLUMN "max_attempts" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "next_attempt_at" timestamp with time zone;