CREATE TABLE "alarm_answers" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"user_id" integer,
	"via" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_answers_answer_ck" CHECK (answer IN ('yes', 'no')),
	CONSTRAINT "alarm_answers_via_ck" CHECK ("alarm_answers"."via" IN ('app', 'mail'))
);
--> statement-breakpoint
ALTER TABLE "alarm_answers" ADD CONSTRAINT "alarm_answers_event_id_alarm_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alarm_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_answers" ADD CONSTRAINT "alarm_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;