/**
 * npm run translations -- export --lang <code> --format xliff|po [--what strings|articles|tags|jobs|all]
 *     writes the language's UI strings and/or article translations (XLIFF only),
 *     with their source text, to stdout
 * npm run translations -- import FILE [--dry-run] [--skip-unknown]
 *     reads an XLIFF 2.0 or PO file (detected), prints what changes and applies it
 * npm run translations -- tm export --from <code> --to <code>
 *     writes the translation memory's pairs of the two languages as TMX 1.4b to stdout
 * npm run translations -- tm import FILE [--dry-run]
 *     adds a TMX file's units to the translation memory (every pair of the site's languages in it)
 * npm run translations -- tm rebuild
 *     makes the translation memory again from what is published (after a bulk `content import`)
 *
 * The same service as the admin screen (decision 0071): one transaction, audited
 * as the command line. Runs under plain Node with the server's settings
 * (DATABASE_URL…); on PostgreSQL running servers reload at once, on SQLite at
 * their next content change or restart.
 */
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import {
  EXCHANGE_CONTENTS,
  EXCHANGE_FORMATS,
  type ExchangeContents,
  type ExchangeFormat,
  type ImportReport,
} from "#core/admin/translations/schema.ts";
import { MAX_EXCHANGE_FILE_BYTES } from "#server/admin/translations/exchange/document.ts";
import { exchangeFileOfText } from "#server/admin/translations/exchange/read.ts";
import { exportTranslations, importTranslations } from "#server/admin/translations/exchange/service.ts";
import { loadConfig } from "#server/base/config.ts";
import { createContentStore } from "#server/content/store.ts";
import { openDatabase } from "#server/db/connect.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { AppError, invalid } from "#core/errors.ts";
import { languagePair } from "#server/admin/glossary/service.ts";
import {
  exportMemory,
  importMemory,
  readTmxOffThread,
  type MemoryImportReport,
} from "#server/admin/memory/exchange.ts";
import { MAX_TMX_FILE_BYTES } from "#server/admin/memory/tmx.ts";
import { FileRefused } from "#server/admin/romes/refusal.ts";
import type { AdminServices } from "#server/content/context.ts";
import { rebuildMemory } from "#server/memory/rebuild.ts";
import { createLogger } from "#server/base/log.ts";
import { CLI_ACTOR } from "#server/audit/record.ts";
import { commandLockWaits, runCommand } from "./support.ts";

const USAGE = `Usage:
  npm run translations -- export --lang <code> --format xliff|po [--what strings|articles|tags|jobs|all]
  npm run translations -- import FILE [--dry-run] [--skip-unknown]
  npm run translations -- tm export --from <code> --to <code>
  npm run translations -- tm import FILE [--dry-run]
  npm run translations -- tm rebuild`;

class UsageError extends Error {}

type Command =
  | { name: "export"; lang: string; format: ExchangeFormat; what: ExchangeContents }
  | { name: "import"; file: string; dryRun: boolean; skipUnknown: boolean }
  | MemoryCommand;

type MemoryCommand =
  | { name: "tm export"; from: string; to: string }
  | { name: "tm import"; file: string; dryRun: boolean }
  | { name: "tm rebuild" };

const isMemoryCommand = (command: Command): command is MemoryCommand => command.name.startsWith("tm ");

function parseMemoryCommand(argv: string[]): MemoryCommand {
  const [name, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      "dry-run": { type: "boolean", default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (name === "export") {
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    if (!values.from || !values.to) throw new UsageError("tm export needs --from and --to (language codes).");
    return { name: "tm export", from: values.from, to: values.to };
  }
  if (name === "import") {
    if (positionals.length !== 1) throw new UsageError("tm import takes exactly one FILE.");
    return { name: "tm import", file: positionals[0]!, dryRun: values["dry-run"] };
  }
  if (name === "rebuild" && positionals.length === 0) return { name: "tm rebuild" };
  throw new UsageError(name ? `Unknown tm command: ${name}` : "tm needs export, import or rebuild.");
}

function parseCommand(argv: string[]): Command {
  const [name, ...rest] = argv;
  if (name === "tm") return parseMemoryCommand(rest);
  if (name === "export") {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { lang: { type: "string" }, format: { type: "string" }, what: { type: "string", default: "strings" } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    if (!values.lang) throw new UsageError("--lang is required (a language code such as fr or fr-FR).");
    if (!(EXCHANGE_FORMATS as readonly string[]).includes(values.format ?? ""))
      throw new UsageError("--format must be xliff or po.");
    if (!(EXCHANGE_CONTENTS as readonly string[]).includes(values.what))
      throw new UsageError("--what must be strings, articles, tags, jobs or all.");
    if (values.format === "po" && values.what !== "strings")
      throw new UsageError(
        "Articles, tags and jobs are exchanged as XLIFF only: use --format xliff with --what articles, tags, jobs or all.",
      );
    return { name, lang: values.lang, format: values.format as ExchangeFormat, what: values.what as ExchangeContents };
  }
  if (name === "import") {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { "dry-run": { type: "boolean", default: false }, "skip-unknown": { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new UsageError("import takes exactly one FILE.");
    return { name, file: positionals[0]!, dryRun: values["dry-run"], skipUnknown: values["skip-unknown"] };
  }
  throw new UsageError(name ? `Unknown command: ${name}` : "A command is required.");
}

/** Reads at most the size limit (plus one byte, to tell a larger file), as UTF-8. */
async function readFileLimited(path: string, maxBytes = MAX_EXCHANGE_FILE_BYTES): Promise<string> {
  const handle = await open(path, "r").catch((error: unknown) => {
    throw error instanceof Error && "code" in error && error.code === "ENOENT"
      ? invalid("invalid_file", `No such file: ${path}`)
      : error;
  });
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > maxBytes) throw invalid("invalid_file", `The file is larger than ${maxBytes / (1024 * 1024)} MiB.`);
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, bytesRead));
    } catch {
      throw invalid("invalid_file", "The file is not valid UTF-8.");
    }
  } finally {
    await handle.close();
  }
}

const quote = (text: string | null) => (text === null ? "(none)" : JSON.stringify(text));

function printReport(report: ImportReport, dryRun: boolean): void {
  console.log(
    `${report.language} (${report.format}): ${report.changes.length} to change, ${report.unchanged} unchanged, ${report.untranslated} untranslated`,
  );
  for (const change of report.changes)
    console.log(
      `  ${change.before === null ? "create" : "update"} ${change.key}: ${quote(change.before)} → ${quote(change.after)}`,
    );
  if (report.unknown.length > 0)
    console.log(`Unknown keys${report.refusal === null ? " (skipped)" : ""}: ${report.unknown.join(", ")}`);
  if (report.fuzzy.length > 0) console.log(`Fuzzy entries (drafts, not applied): ${report.fuzzy.join(", ")}`);
  for (const problem of report.problems) console.error(`Invalid ${problem.key}: ${problem.message}`);
  if (report.refusal !== null) console.error(`Refused: ${report.refusal}`);
  else if (dryRun) console.log("Dry run: nothing was written.");
  else
    console.log(
      report.applied
        ? `Applied ${report.changes.length} change${report.changes.length === 1 ? "" : "s"}.`
        : "Nothing to change.",
    );
}

/** The tm commands (decision 0216): what they print, and their exit status. */
async function runMemoryCommand(services: AdminServices, command: MemoryCommand): Promise<number> {
  if (command.name === "tm export") {
    const [from, to] = await languagePair(services, command.from, command.to);
    await pipeline(Readable.from(exportMemory(services.database.db, from, to), { highWaterMark: 1 }), process.stdout, {
      end: false,
    });
    return 0;
  }
  if (command.name === "tm rebuild") {
    const { units } = await services.database.db.transaction().execute((trx) => rebuildMemory(trx));
    console.log(`The translation memory holds ${units} units.`);
    return 0;
  }
  let report: MemoryImportReport;
  try {
    report = await importMemory(
      services,
      await readTmxOffThread(await readFileLimited(command.file, MAX_TMX_FILE_BYTES)),
      command.dryRun,
    );
  } catch (error) {
    if (error instanceof FileRefused) throw invalid("invalid_file", `Refused: ${error.message} Nothing was written.`);
    throw error;
  }
  console.log(`${report.added} to add, ${report.changed} to change, ${report.unchanged} unchanged.`);
  if (report.unknownLanguages.length > 0)
    console.log(`Languages this site does not have (left out): ${report.unknownLanguages.join(", ")}`);
  console.log(report.dryRun ? "Dry run: nothing was written." : "Applied.");
  return 0;
}

async function run(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError || (error instanceof TypeError && "code" in error))) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database, undefined, { lockWaits: commandLockWaits() });
  try {
    await migrateToLatest(database);
    const content = await createContentStore(database, createLogger("silent"));
    try {
      const services = { config, database, content };
      if (isMemoryCommand(command)) return await runMemoryCommand(services, command);
      if (command.name === "export") {
        await pipeline(
          Readable.from(
            (await exportTranslations(services, command.lang, command.format, command.what, CLI_ACTOR)).body,
            { highWaterMark: 1 },
          ),
          process.stdout,
          {
            end: false,
          },
        );
        return 0;
      }
      const report = await importTranslations(
        services,
        CLI_ACTOR,
        exchangeFileOfText(await readFileLimited(command.file)),
        command,
      );
      printReport(report, command.dryRun);
      return report.refusal === null ? 0 : 1;
    } finally {
      await content.close();
    }
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

await runCommand(run);
