/**
 * The Dockerfile, compose.yaml and .dockerignore checked without a Docker
 * daemon (.ci/run builds the image where one runs): every file a stage copies
 * exists and reaches the build context, every command it runs exists, the
 * runtime is non-root with a data volume and a health check — and the
 * runtime's own CMD and HEALTHCHECK, run here against the build, start the
 * site, report it healthy, and stop on the STOPSIGNAL with exit 0.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { bareEnv } from "#tests/fixtures/processes.ts";
import { freePort } from "./server-process.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(join(root, file), "utf8");

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): { args: Map<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword, rest] = /^(\w+)\s+(.*)$/.exec(line)!;
    const instruction = { keyword: keyword!.toUpperCase(), args: rest!.trim() };
    if (instruction.keyword === "FROM") {
      stages.push({
        name: /\bAS\s+(\S+)$/i.exec(instruction.args)?.[1] ?? String(stages.length),
        instructions: [instruction],
      });
    } else if (stages.length === 0 && instruction.keyword === "ARG") {
      const [name, value] = instruction.args.split("=");
      args.set(name!, value ?? "");
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { args, stages };
}

const dockerfile = parseDockerfile(read("Dockerfile"));
const runtime = dockerfile.stages.at(-1)!;
const all = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);
const ignored = read(".dockerignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of all(runtime, "ENV"))
    for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) env[name!] = value!;
  return env;
}

/** The JSON (exec) form of CMD or HEALTHCHECK … CMD. */
function execForm(instruction: Instruction): string[] {
  const command = JSON.parse(instruction.args.slice(instruction.args.indexOf("["))) as string[];
  expect(command[0], "commands run the image's node").toBe("node");
  return command;
}

describe("Dockerfile", () => {
  it("builds in stages from the Node version the project pins, into a separate runtime stage", () => {
    const pinned = (JSON.parse(read("package.json")) as { devDependencies: Record<string, string> }).devDependencies
      .node;
    expect(dockerfile.args.get("NODE_IMAGE")).toBe(`node:${pinned}-bookworm-slim`);
    expect(dockerfile.stages.map((stage) => stage.name)).toEqual(["build", "production-dependencies", "runtime"]);
    for (const stage of dockerfile.stages) expect(stage.instructions[0]!.args).toMatch(/^\$\{NODE_IMAGE\} AS /);
  });

  it("copies only files that exist and are in the build context, and runs only npm scripts that exist", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    const stageNames = new Set<string>();
    for (const stage of dockerfile.stages) {
      for (const { args } of all(stage, "COPY")) {
        const from = /^--from=(\S+)\s+/.exec(args);
        if (from) {
          expect(stageNames, `COPY --from=${from[1]} names an earlier stage`).toContain(from[1]);
          continue;
        }
        const sources = args.split(/\s+/).slice(0, -1);
        for (const source of sources) {
          expect(existsSync(join(root, source)), `${source} exists`).toBe(true);
          expect(ignored, `${source} is not left out by .dockerignore`).not.toContain(source);
        }
      }
      for (const { args } of all(stage, "RUN"))
        for (const [, script] of args.matchAll(/npm run (\S+)/g)) expect(Object.keys(scripts)).toContain(script);
      stageNames.add(stage.name);
    }
    // The runtime copies build/ from the build stage: where `npm run build` writes it.
    expect(read("react-router.config.ts")).toContain('buildDirectory: "build"');
    expect(all(runtime, "COPY").map((instruction) => instruction.args)).toContain("--from=build /app/build ./build");
  });

  it("runs as a non-root user with the database on a volume, a health check and the site's port", () => {
    const keywords = runtime.instructions.map((instruction) => instruction.keyword);
    expect(all(runtime, "USER").map((instruction) => instruction.args)).toEqual(["node"]);
    expect(keywords.indexOf("USER")).toBeLessThan(keywords.indexOf("CMD"));
    expect(keywords.lastIndexOf("RUN")).toBeLessThan(keywords.indexOf("USER"));
    const env = runtimeEnv();
    expect(all(runtime, "VOLUME").map((instruction) => instruction.args)).toEqual(['["/data"]']);
    expect(env.DATABASE_URL).toBe("sqlite:/data/site.db");
    expect(all(runtime, "EXPOSE").map((instruction) => instruction.args)).toEqual([env.PORT]);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DEV_LOGIN).toBe("off");
    expect(all(runtime, "HEALTHCHECK")[0]!.args).toContain("/healthz");
  });

  it("runs Node with the memory settings npm start uses (decisions 0111, 0127 and 0129)", () => {
    const v8Flags = (words: string[]) =>
      words.filter((word) => /^--(max-semi-space-size|heap-growing-percent)=/.test(word));
    const npmStart = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start.split(" ");
    expect(v8Flags(npmStart)).toEqual(["--max-semi-space-size=4", "--heap-growing-percent=40"]);
    expect(v8Flags(execForm(all(runtime, "CMD")[0]!))).toEqual(v8Flags(npmStart));
    // glibc reads it before Node starts: npm start sets it unless the environment does, the image in its ENV.
    expect(npmStart[0]).toBe("MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}");
    expect(runtimeEnv().MALLOC_ARENA_MAX).toBe("2");
  });

  it("keeps the build context small", () => {
    for (const entry of ["node_modules", "build", "data", ".git", "tests"]) expect(ignored).toContain(entry);
  });

  it("starts the site with the runtime's CMD, is healthy by its HEALTHCHECK, and stops on its STOPSIGNAL with exit 0", async () => {
    expect(existsSync(join(root, "build/server/index.js")), "npm test builds before this test runs").toBe(true);
    const dataDir = mkdtempSync(join(tmpdir(), "pp-container-"));
    const port = await freePort();
    // As in the image, except the volume and port: WORKDIR /app holds what the project root holds.
    const env = {
      ...bareEnv(),
      ...runtimeEnv(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${join(dataDir, "site.db")}`,
    };
    const [, ...cmd] = execForm(all(runtime, "CMD")[0]!);
    const site = spawn(process.execPath, cmd, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    site.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    site.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => site.once("exit", resolve));
    try {
      const [, ...healthcheck] = execForm(all(runtime, "HEALTHCHECK")[0]!);
      const check = () =>
        promisify(execFile)(process.execPath, healthcheck, { env }).then(
          () => true,
          () => false,
        );
      expect(await check(), "unhealthy before the site listens").toBe(false);
      await expect.poll(check, { timeout: 30_000, interval: 250 }).toBe(true);
      expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toMatchObject({
        status: "ready",
        database: "sqlite",
      });
      const stopSignal = all(runtime, "STOPSIGNAL")[0]!.args as NodeJS.Signals;
      site.kill(stopSignal);
      expect(await exited, output).toBe(0);
    } finally {
      site.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("compose.yaml", () => {
  const compose = read("compose.yaml");

  it("runs the image against PostgreSQL once the database is healthy, with the data volume the image declares", () => {
    expect(compose).toMatch(/^ {2}app:\n {4}build: \.$/m);
    expect(compose).toMatch(/^ {6}DATABASE_URL: postgres:\/\/press:[^@]+@db:5432\/press$/m);
    expect(compose).toMatch(/depends_on:\n {6}db:\n {8}condition: service_healthy/);
    expect(compose).toMatch(/^ {4}healthcheck:\n {6}test: \["CMD", "pg_isready"/m);
    expect(compose).toContain("- app-data:/data");
    expect(compose).toMatch(/^ {2}app-data:$/m);
  });

  it("gives a stop longer than the shutdown deadline and keeps metrics unpublished", () => {
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    expect(grace).toBeGreaterThan(10);
    expect(compose).toMatch(/ports:\n {6}- "127\.0\.0\.1:3000:3000"\n/);
    expect(compose).not.toContain(':9464"');
  });
});
