-- Every existing user owns the account they belong to; administrators move to platform_admins.
INSERT INTO "memberships" ("account_id", "user_id", "role", "created_at") SELECT "account_id", "id", 'owner', "created_at" FROM "users" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "platform_admins" ("user_id") SELECT "id" FROM "users" WHERE "role" = 'admin' ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";
