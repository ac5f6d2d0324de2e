CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"alarm_from_minute" smallint,
	"alarm_to_minute" smallint,
	"utc_offset_hours" smallint DEFAULT 1 NOT NULL,
	"source" text,
	"source_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regions_owner_idx" ON "regions" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_source_key_uq" ON "regions" USING btree ("source_key");