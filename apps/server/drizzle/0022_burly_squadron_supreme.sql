CREATE TABLE "calendar_feeds" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"farm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farm_id" uuid NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"title" text NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer,
	"day_of_month" integer,
	"start_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chores_schedule_check" CHECK (("chores"."frequency" = 'daily' and "chores"."weekday" is null and "chores"."day_of_month" is null)
        or ("chores"."frequency" = 'weekly' and "chores"."weekday" between 0 and 6 and "chores"."day_of_month" is null)
        or ("chores"."frequency" = 'monthly' and "chores"."weekday" is null and "chores"."day_of_month" between 1 and 31))
);
--> statement-breakpoint
CREATE TABLE "task_states" (
	"farm_id" uuid NOT NULL,
	"task_id" text NOT NULL,
	"due" date NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"snoozed_until" date,
	"snoozed_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_states_farm_id_task_id_pk" PRIMARY KEY("farm_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chores" ADD CONSTRAINT "chores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_states" ADD CONSTRAINT "task_states_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_states" ADD CONSTRAINT "task_states_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_states" ADD CONSTRAINT "task_states_snoozed_by_users_id_fk" FOREIGN KEY ("snoozed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_farm_key" ON "calendar_feeds" USING btree ("user_id","farm_id");--> statement-breakpoint
CREATE INDEX "chores_farm_idx" ON "chores" USING btree ("farm_id","created_at");--> statement-breakpoint
CREATE INDEX "task_states_due_idx" ON "task_states" USING btree ("farm_id","due");