import { execFile } from "node:child_process";
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type OpenApiDocument,
  PACKAGE_DIR,
  type ServedApp,
  scratchDir,
  startServedApp,
} from "./test-support/served-openapi.js";

// The document the service serves, linted by the tools its readers use: @redocly/cli's
// recommended ruleset, and Spectral's OWASP ruleset as openapi.spectral.yaml applies it (each
// rule it narrows or turns off says why there). Both CLIs come from this package's devDependencies.
const run = promisify(execFile);
const bin = (name: string) => join(PACKAGE_DIR, "node_modules", ".bin", name);
/** No telemetry and no update check: the linters only read the file. */
const QUIET = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

let svc: ServedApp;
let served: OpenApiDocument;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  svc = await startServedApp();
  served = await svc.openApi();
  scratch = await scratchDir("openapi-lint-");
  await copyFile(
    join(PACKAGE_DIR, "openapi.spectral.yaml"),
    join(scratch.dir, "openapi.spectral.yaml"),
  );
}, 60_000);
afterAll(async () => {
  await scratch?.remove();
  await svc?.stop();
});

/** Writes `doc` as the scratch folder's openapi.json (the name the ruleset's overrides name). */
const written = async (doc: unknown): Promise<string> => {
  const file = join(scratch.dir, "openapi.json");
  await writeFile(file, JSON.stringify(doc));
  return file;
};

/** A linter's JSON report; it exits 1 when it finds errors, which the report then says. */
async function report(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { cwd: scratch.dir, env: QUIET, maxBuffer: 64 << 20 })).stdout;
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (stdout === undefined || stdout === "") throw error;
    return stdout;
  }
}

type RedoclyProblem = { ruleId: string; severity: string; message: string };
async function redocly(doc: unknown) {
  const out = await report(bin("redocly"), [
    "lint",
    await written(doc),
    "--extends=recommended",
    "--format=json",
  ]);
  const parsed = JSON.parse(out) as {
    totals: { errors: number; warnings: number };
    problems: RedoclyProblem[];
  };
  return {
    ...parsed.totals,
    errorsFound: parsed.problems
      .filter((p) => p.severity === "error")
      .map((p) => `${p.ruleId}: ${p.message}`),
  };
}

type SpectralResult = { code: string; severity: number; path: string[]; message: string };
async function spectral(doc: unknown): Promise<SpectralResult[]> {
  const file = await written(doc);
  const out = await report(bin("spectral"), [
    "lint",
    file,
    "--ruleset",
    join(scratch.dir, "openapi.spectral.yaml"),
    "--format=json",
    "--quiet",
  ]);
  return JSON.parse(out) as SpectralResult[];
}
const errorsOf = (results: SpectralResult[]) =>
  results.filter((r) => r.severity === 0).map((r) => `${r.code} at ${r.path.join("/")}`);

/** A copy of the served document, changed by `change`. */
const changed = (change: (doc: OpenApiDocument) => void): OpenApiDocument => {
  const doc = structuredClone(served);
  change(doc);
  return doc;
};

describe("@redocly/cli lint (recommended) of the served /openapi.json", () => {
  it("finds no error", async () => {
    const { errors, errorsFound } = await redocly(served);
    expect(errorsFound).toEqual([]);
    expect(errors).toBe(0);
  }, 60_000);

  it("is not vacuous: an operation without its security is an error", async () => {
    const doc = changed((d) => {
      const [first] = Object.values(d.paths);
      const [op] = Object.values(first ?? {});
      delete op?.security;
    });
    expect((await redocly(doc)).errorsFound.join("\n")).toContain("security-defined");
  }, 60_000);
});

describe("Spectral's OWASP ruleset, as openapi.spectral.yaml applies it, on the served /openapi.json", () => {
  it("finds no error", async () => {
    expect(errorsOf(await spectral(served))).toEqual([]);
  }, 60_000);

  it("is not vacuous: an unbounded string or list in a request body, or a paid POST without security, is an error", async () => {
    const doc = changed((d) => {
      const [path, methods] = Object.entries(d.paths).find(([, m]) => m.post?.security) ?? [];
      const post = methods?.post as {
        security?: unknown;
        requestBody: { content: Record<string, { schema: { properties: object } }> };
      };
      const schema = post.requestBody.content["application/json"]?.schema;
      if (schema === undefined || path === undefined) throw new Error("no paid POST");
      schema.properties = {
        ...schema.properties,
        extra: { type: "string" },
        extras: { type: "array", items: { type: "integer", minimum: 0, maximum: 1 } },
      };
      delete post.security;
    });
    const errors = errorsOf(await spectral(doc)).join("\n");
    expect(errors).toContain("owasp:api4:2023-string-limit");
    expect(errors).toContain("owasp:api4:2023-array-limit");
    expect(errors).toContain("owasp:api2:2023-write-restricted");
  }, 60_000);
});
