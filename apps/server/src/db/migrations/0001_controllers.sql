CREATE TABLE "controllers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"imsi" text NOT NULL,
	"imei" text,
	"msisdn" text,
	"lat" double precision,
	"lng" double precision,
	"time_zone" text DEFAULT 'Europe/Zurich' NOT NULL,
	"update_interval" smallint DEFAULT 3 NOT NULL,
	"region_primary_id" integer,
	"region_secondary_id" integer,
	"software_version" text,
	"temperature" real,
	"voltage" real,
	"signal" smallint,
	"last_update" timestamp with time zone,
	"last_reset" timestamp with time zone,
	"limit_reset" timestamp with time zone,
	"activation_date" timestamp with time zone,
	"subscription_end" timestamp with time zone NOT NULL,
	"remaining_notifications" integer DEFAULT 100 NOT NULL,
	"scale_gain" smallint DEFAULT 200 NOT NULL,
	"channel_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signal_filter" boolean DEFAULT false NOT NULL,
	"owner_id" integer,
	"affiliation_id" integer,
	"display_on_public_map" boolean DEFAULT false NOT NULL,
	"watch_code" text,
	"device_token_hash" text NOT NULL,
	"desired_firmware" text,
	"unassigned_readings" integer DEFAULT 0 NOT NULL,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "controllers_imsi_unique" UNIQUE("imsi"),
	CONSTRAINT "controllers_watch_code_unique" UNIQUE("watch_code"),
	CONSTRAINT "controllers_device_token_hash_unique" UNIQUE("device_token_hash")
);
--> statement-breakpoint
CREATE TABLE "scales" (
	"id" serial PRIMARY KEY NOT NULL,
	"controller_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'weight' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"is_brood" boolean DEFAULT false NOT NULL,
	"empty_weight" real DEFAULT 0 NOT NULL,
	"reserves" real DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"setup_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"user_id" integer NOT NULL,
	"controller_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_user_id_controller_id_pk" PRIMARY KEY("user_id","controller_id")
);
--> statement-breakpoint
CREATE TABLE "controller_status" (
	"controller_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"temperature" real,
	"voltage" real,
	"signal" smallint,
	CONSTRAINT "controller_status_controller_id_time_pk" PRIMARY KEY("controller_id","time")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"controller_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"weight" real,
	"temperature" real,
	"humidity" real,
	CONSTRAINT "readings_controller_id_channel_time_pk" PRIMARY KEY("controller_id","channel","time")
);
--> statement-breakpoint
CREATE TABLE "readings_daily" (
	"controller_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	"weight_n" integer DEFAULT 0 NOT NULL,
	"weight_sum" double precision DEFAULT 0 NOT NULL,
	"weight_min" real,
	"weight_max" real,
	"weight_first" real,
	"weight_first_time" timestamp with time zone,
	"weight_last" real,
	"weight_last_time" timestamp with time zone,
	"temperature_n" integer DEFAULT 0 NOT NULL,
	"temperature_sum" double precision DEFAULT 0 NOT NULL,
	"humidity_n" integer DEFAULT 0 NOT NULL,
	"humidity_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "readings_daily_controller_id_channel_day_pk" PRIMARY KEY("controller_id","channel","day")
);
--> statement-breakpoint
CREATE TABLE "readings_hourly" (
	"controller_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"weight_n" integer DEFAULT 0 NOT NULL,
	"weight_sum" double precision DEFAULT 0 NOT NULL,
	"weight_min" real,
	"weight_max" real,
	"weight_last" real,
	"weight_last_time" timestamp with time zone,
	"temperature_n" integer DEFAULT 0 NOT NULL,
	"temperature_sum" double precision DEFAULT 0 NOT NULL,
	"humidity_n" integer DEFAULT 0 NOT NULL,
	"humidity_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "readings_hourly_controller_id_channel_hour_pk" PRIMARY KEY("controller_id","channel","hour")
);
--> statement-breakpoint
ALTER TABLE "controllers" ADD CONSTRAINT "controllers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controllers" ADD CONSTRAINT "controllers_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scales" ADD CONSTRAINT "scales_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "controllers_owner_idx" ON "controllers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "controllers_affiliation_idx" ON "controllers" USING btree ("affiliation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scales_live_channel_uq" ON "scales" USING btree ("controller_id","channel") WHERE "scales"."state" <> 'archived';--> statement-breakpoint
CREATE INDEX "scales_controller_idx" ON "scales" USING btree ("controller_id");