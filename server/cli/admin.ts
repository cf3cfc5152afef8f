/**
 * npm run admin -- grant <email>   make the user with this email an administrator
 * npm run admin -- revoke <email>  take the rights away (never from the last administrator)
 * npm run admin -- list            list the administrators
 *
 * Runs under plain Node (type stripping): only modules free of Vite features,
 * so not server/services.ts (which bundles the seed). Uses the same settings
 * as the server (DATABASE_URL…), and records the change in the audit log.
 */
import { sql } from "kysely";
import { loadConfig } from "#server/config.ts";
import { setAdmin } from "#server/admin/users/service.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { HttpError } from "#server/http/errors.ts";
import { CLI_ACTOR, runCommand } from "./support.ts";


const USAGE = "Usage: npm run admin -- grant <email> | revoke <email> | list";

async function run(argv: string[]): Promise<number> {
  const [command, email, ...extra] = argv;
  const wantsEmail = command === "grant" || command === "revoke";
  if (!(wantsEmail || command === "list") || (wantsEmail && !email) || extra.length > 0 || (!wantsEmail && email)) {
    console.error(USAGE);
    return 2;
  }
  const wanted = (email ?? "").trim().toLowerCase();
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    const db = database.db;
    if (command === "list") {
      const admins = await db.selectFrom("users").select(["email", "display_name"]).where("is_admin", "=", 1).orderBy("email").execute();
      for (const admin of admins) console.log(`${admin.email ?? "(no email)"}${admin.display_name ? `  ${admin.display_name}` : ""}`);
      return 0;
    }
    const user = await db
      .selectFrom("users")
      .select(["uid", "email", "is_admin"])
      .where(sql<string>`lower(email)`, "=", wanted)
      .orderBy("created_at")
      .orderBy("uid")
      .executeTakeFirst();
    if (!user) {
      console.error(`No user has the email ${wanted}. They must sign in once first (or be listed in ADMIN_EMAILS, which makes them an admin at sign-in).`);
      return 1;
    }
    const isAdmin = command === "grant";
    if ((user.is_admin === 1) === isAdmin) {
      console.log(`${wanted} ${isAdmin ? "is already" : "is not"} an administrator; nothing changed.`);
      return 0;
    }
    await setAdmin({ database }, CLI_ACTOR, user.uid, isAdmin);
    console.log(isAdmin ? `${wanted} is now an administrator.` : `${wanted} is no longer an administrator.`);
    return 0;
  } catch (error) {
    if (error instanceof HttpError && error.code === "last_admin") {
      console.error(`Refused: ${wanted} is the last administrator. Grant admin rights to someone else first.`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

await runCommand(run);
