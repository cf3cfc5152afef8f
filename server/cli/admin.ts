/**
 * npm run admin -- grant <email> [--role admin|editor|translator] [--languages fr,ar] [--publish]
 *                                  give the user with this email a role (admin when --role is absent);
 *                                  a translator needs --languages, --publish lets them publish there
 * npm run admin -- revoke <email>  take the role away (back to a plain user; never the last administrator's)
 * npm run admin -- list            list everyone with a role
 *
 * Runs under plain Node (type stripping): only modules free of Vite features,
 * so not server/services.ts (which bundles the seed). Uses the same settings
 * as the server (DATABASE_URL…), and records the change in the audit log.
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { setRoleInput } from "#core/admin/users/schema.ts";
import { parseLanguageList, ROLE_LABELS, STAFF_ROLES, type Grant, type Role } from "#core/auth/roles.ts";
import { loadConfig } from "#server/base/config.ts";
import { setRole } from "#server/admin/users/service.ts";
import { UNCONDITIONAL } from "#server/http/preconditions.ts";
import { toSignedInUser } from "#server/auth/users.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { AppError } from "#core/errors.ts";
import { CLI_ACTOR } from "#server/audit/record.ts";
import { commandLockWaits, runCommand } from "./support.ts";

const USAGE = `Usage: npm run admin -- grant <email> [--role ${STAFF_ROLES.join("|")}] [--languages fr,ar] [--publish] | revoke <email> | list`;

interface Command {
  command: "grant" | "revoke" | "list";
  email: string;
  role: string;
  languages: string[];
  publish: boolean;
}

function parseCommand(argv: string[]): Command | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        role: { type: "string" },
        languages: { type: "string" },
        publish: { type: "boolean", default: false },
      },
    });
  } catch {
    return null;
  }
  const [command, email, ...extra] = parsed.positionals;
  const { role, languages, publish } = parsed.values;
  const roleOptions = role !== undefined || languages !== undefined || publish;
  if (extra.length > 0) return null;
  if (command === "list")
    return email === undefined && !roleOptions ? { command, email: "", role: "", languages: [], publish: false } : null;
  if (command === "revoke")
    return email && !roleOptions ? { command, email, role: "user", languages: [], publish: false } : null;
  if (command !== "grant" || !email) return null;
  return { command, email, role: role ?? "admin", languages: parseLanguageList(languages ?? ""), publish };
}

const ARTICLES: Record<Role, string> = { user: "a", translator: "a", editor: "an", admin: "an" };

/** "an administrator", "a translator for fr-FR, ar (may publish)". */
function describeRole(grant: Grant): string {
  if (grant.role === "admin") return "an administrator";
  const languages =
    grant.role === "translator" ? ` for ${grant.languages.join(", ")}${grant.canPublish ? " (may publish)" : ""}` : "";
  return `${ARTICLES[grant.role]} ${ROLE_LABELS[grant.role].toLowerCase()}${languages}`;
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseCommand(argv);
  if (parsed === null) {
    console.error(USAGE);
    return 2;
  }
  const input = setRoleInput.safeParse({
    role: parsed.command === "list" ? "user" : parsed.role,
    languages: parsed.languages,
    canPublish: parsed.publish,
  });
  if (!input.success) {
    const issue = input.error.issues[0]!;
    console.error(`${issue.path.join(".") || "role"}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  const wanted = parsed.email.trim().toLowerCase();
  const config = loadConfig();
  const database = openDatabase(config.database, undefined, { lockWaits: commandLockWaits() });
  try {
    await migrateToLatest(database);
    const db = database.db;
    if (parsed.command === "list") {
      const staff = await db
        .selectFrom("users")
        .select(["email", "display_name", "role", "role_languages", "can_publish"])
        .where("role", "<>", "user")
        .orderBy("role")
        .orderBy("email")
        .execute();
      for (const person of staff) {
        const languages =
          person.role === "translator"
            ? ` ${person.role_languages}${person.can_publish === 1 ? " (may publish)" : ""}`
            : "";
        console.log(
          `${person.email ?? "(no email)"}  ${ROLE_LABELS[person.role]}${languages}${person.display_name ? `  ${person.display_name}` : ""}`,
        );
      }
      return 0;
    }
    const user = await db
      .selectFrom("users")
      .select(["uid", "email", "role", "role_languages", "can_publish", "display_name", "photo_url"])
      .where(sql<string>`lower(email)`, "=", wanted)
      .orderBy("created_at")
      .orderBy("uid")
      .executeTakeFirst();
    if (!user) {
      console.error(
        `No user has the email ${wanted}. They must sign in once first (or be listed in ADMIN_EMAILS, which makes them an admin at sign-in).`,
      );
      return 1;
    }
    const before = describeRole(toSignedInUser(user));
    const after = describeRole(await setRole({ database }, CLI_ACTOR, user.uid, input.data, UNCONDITIONAL));
    if (after === before)
      console.log(`${wanted} ${parsed.command === "grant" ? `is already ${after}` : "has no role"}; nothing changed.`);
    else console.log(parsed.command === "grant" ? `${wanted} is now ${after}.` : `${wanted} is no longer ${before}.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === "last_admin") {
      console.error(`Refused: ${wanted} is the last administrator. Make someone else an admin first.`);
      return 1;
    }
    if (error instanceof AppError && error.kind === "invalid") {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}

await runCommand(run);
