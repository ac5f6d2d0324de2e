CREATE TABLE "forwarding_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"forwarding_id" integer NOT NULL,
	"report_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forwardings" (
	"id" serial PRIMARY KEY NOT NULL,
	"controller_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"cursor" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_notice_deliveries" (
	"notice_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "affiliate_notice_deliveries_notice_id_channel_id_pk" PRIMARY KEY("notice_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliation_id" integer,
	"sender_id" integer,
	"region_ids" integer[] NOT NULL,
	"channel_types" text[] NOT NULL,
	"message" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forwarding_deliveries" ADD CONSTRAINT "forwarding_deliveries_forwarding_id_forwardings_id_fk" FOREIGN KEY ("forwarding_id") REFERENCES "public"."forwardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forwardings" ADD CONSTRAINT "forwardings_controller_id_controllers_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_notice_deliveries" ADD CONSTRAINT "affiliate_notice_deliveries_notice_id_affiliate_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."affiliate_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_notice_deliveries" ADD CONSTRAINT "affiliate_notice_deliveries_channel_id_notification_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_notice_deliveries" ADD CONSTRAINT "affiliate_notice_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_notices" ADD CONSTRAINT "affiliate_notices_affiliation_id_affiliations_id_fk" FOREIGN KEY ("affiliation_id") REFERENCES "public"."affiliations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_notices" ADD CONSTRAINT "affiliate_notices_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forwarding_deliveries_key_uq" ON "forwarding_deliveries" USING btree ("forwarding_id","report_at");--> statement-breakpoint
CREATE INDEX "forwarding_deliveries_due_idx" ON "forwarding_deliveries" USING btree ("next_attempt_at") WHERE "forwarding_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "forwardings_controller_idx" ON "forwardings" USING btree ("controller_id","channel");--> statement-breakpoint
CREATE INDEX "affiliate_notice_deliveries_due_idx" ON "affiliate_notice_deliveries" USING btree ("next_attempt_at") WHERE "affiliate_notice_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_notices_affiliation_idx" ON "affiliate_notices" USING btree ("affiliation_id","created_at");