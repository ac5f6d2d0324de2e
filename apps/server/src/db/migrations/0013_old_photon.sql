CREATE TABLE "firmware_chunks" (
	"image_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "firmware_chunks_image_id_seq_pk" PRIMARY KEY("image_id","seq")
);
--> statement-breakpoint
CREATE TABLE "firmware_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"chunk_size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" integer,
	CONSTRAINT "firmware_images_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "firmware_rollout_controllers" (
	"rollout_id" integer NOT NULL,
	"controller_id" integer NOT NULL,
	"position" integer NOT NULL,
	"stage" smallint NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"from_version" text,
	"previous_desired" text,
	"failure" text,
	"offered_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "firmware_rollout_controllers_rollout_id_controller_id_pk" PRIMARY KEY("rollout_id","controller_id")
);
--> statement-breakpoint
CREATE TABLE "firmware_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"first_stage_percent" smallint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_kind" text,
	"paused_controller_id" integer,
	"paused_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "firmware_chunks" ADD CONSTRAINT "firmware_chunks_image_id_firmware_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."firmware_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_images" ADD CONSTRAINT "firmware_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollout_controllers" ADD CONSTRAINT "firmware_rollout_controllers_rollout_id_firmware_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."firmware_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollout_controllers" ADD CONSTRAINT "firmware_rollout_controllers_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_paused_controller_id_controllers_id_fk" FOREIGN KEY ("paused_controller_id") REFERENCES "public"."controllers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_rollout_controllers_active_uq" ON "firmware_rollout_controllers" USING btree ("controller_id") WHERE "firmware_rollout_controllers"."active";--> statement-breakpoint
CREATE INDEX "firmware_rollouts_status_idx" ON "firmware_rollouts" USING btree ("status");