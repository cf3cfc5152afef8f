/** npm run restore -- FILE [--force]: see server/cli/backup.ts. */
import { run } from "#server/cli/backup.ts";

process.exitCode = await run("restore", process.argv.slice(2));
