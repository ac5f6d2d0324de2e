CREATE TABLE "alarm_deliveries" (
	"event_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alarm_deliveries_event_id_channel_id_pk" PRIMARY KEY("event_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_dirty" (
	"controller_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"controller_id" integer NOT NULL,
	"scale_id" integer,
	"channel" smallint,
	"type" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delta" real,
	"delivery" text NOT NULL,
	CONSTRAINT "alarm_events_key_uq" UNIQUE NULLS NOT DISTINCT("controller_id","scale_id","type","time")
);
--> statement-breakpoint
CREATE TABLE "controller_alarm_settings" (
	"controller_id" integer PRIMARY KEY NOT NULL,
	"types" text[] DEFAULT '{swarm,disturbance,activity}'::text[] NOT NULL,
	"alarm_from_minute" smallint DEFAULT 540 NOT NULL,
	"alarm_to_minute" smallint DEFAULT 1140 NOT NULL,
	"budget_exhausted_at" timestamp with time zone,
	"battery_low_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "global_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_hash" text,
	"confirm_expires" timestamp with time zone,
	"failures" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_mutes" (
	"controller_id" integer NOT NULL,
	"type" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_mutes_controller_id_type_pk" PRIMARY KEY("controller_id","type")
);
--> statement-breakpoint
ALTER TABLE "alarm_deliveries" ADD CONSTRAINT "alarm_deliveries_event_id_alarm_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alarm_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_deliveries" ADD CONSTRAINT "alarm_deliveries_channel_id_notification_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_dirty" ADD CONSTRAINT "alarm_dirty_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_scale_id_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."scales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controller_alarm_settings" ADD CONSTRAINT "controller_alarm_settings_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mutes" ADD CONSTRAINT "notification_mutes_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_deliveries_due_idx" ON "alarm_deliveries" USING btree ("next_attempt_at") WHERE "alarm_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "alarm_events_controller_time_idx" ON "alarm_events" USING btree ("controller_id","time");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_channels_address_uq" ON "notification_channels" USING btree ("user_id","type","address");--> statement-breakpoint
CREATE INDEX "notification_channels_confirm_idx" ON "notification_channels" USING btree ("confirm_hash");