/** What the command-line entry points share. */
import { ConfigError } from "#server/config.ts";

/** Who the audit log names for changes made from the command line. */
export const CLI_ACTOR = "cli";

/** Runs a command with the process's arguments; its result is the exit code, a bad setting or a crash exits with 1. */
export async function runCommand(run: (argv: string[]) => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}
