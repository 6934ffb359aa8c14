CREATE TABLE "advertisements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" text,
	"category" text NOT NULL,
	"contact_info" text,
	"image_url" text,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisements_category_check" CHECK ("advertisements"."category" in ('feed', 'equipment', 'health', 'housing', 'services', 'other'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_applications" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'not_applied' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_applications_status_check" CHECK ("affiliate_applications"."status" in ('not_applied', 'pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seed_key" text,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"commission" text,
	"affiliate_id" text,
	"affiliate_url" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"emoji" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"value" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_partners_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "affiliate_partners_category_check" CHECK ("affiliate_partners"."category" in ('supplies', 'education', 'coops', 'feed')),
	CONSTRAINT "affiliate_partners_value_check" CHECK ("affiliate_partners"."value" in ('high', 'premium', 'medium'))
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"via" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_applications" ADD CONSTRAINT "affiliate_applications_partner_id_affiliate_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."affiliate_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisements_active_category_idx" ON "advertisements" USING btree ("is_active","category");--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" USING btree ("expires_at");