CREATE TABLE "recent_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"term" text NOT NULL,
	"term_key" text NOT NULL,
	"food_name" text,
	"safety_level" text,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recent_searches_user_term_idx" ON "recent_searches" USING btree ("user_id","term_key");--> statement-breakpoint
CREATE INDEX "recent_searches_user_time_idx" ON "recent_searches" USING btree ("user_id","searched_at");