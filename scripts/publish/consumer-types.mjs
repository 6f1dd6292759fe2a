import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { CheckFailure } from "./steps.mjs";

/**
 * Type-checks a file importing every given entry the way a consumer's project would: strict,
 * NodeNext, `skipLibCheck` left at its default (false) so every declaration file is checked,
 * and no ambient `types`, so a package whose declarations need Node's types must bring them.
 */
export async function checkConsumerTypes(clock, root, dir, entries, env) {
  const file = `check-${entries.length}-entries.ts`;
  writeFileSync(
    join(dir, file),
    entries.map((name, i) => `export * as entry${i} from "${name}";\n`).join(""),
  );
  const config = `tsconfig.${entries.length}.json`;
  writeFileSync(
    join(dir, config),
    `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          noEmit: true,
          types: [],
        },
        files: [file],
      },
      null,
      2,
    )}\n`,
  );
  const tsc = createRequire(join(root, "package.json")).resolve("typescript/bin/tsc");
  const r = await clock.run(process.execPath, [tsc, "-p", config], {
    cwd: dir,
    env,
    limitMs: 180_000,
  });
  if (r.code !== 0) {
    const count = (r.stdout.match(/error TS\d+/g) ?? []).length;
    throw new CheckFailure(
      `tsc found ${count} error(s) importing ${entries.length} entries`,
      r.output.trim(),
    );
  }
}
