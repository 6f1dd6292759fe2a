import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { CheckFailure } from "./steps.mjs";

const LEFT_OUT = new Set(["node_modules", ".turbo"]);
const DEPENDENCY_KINDS = [
  "dependencies",
  "devDependencies",
  "optionalDependencies",
  "peerDependencies",
];

/**
 * Copies the workspace into `dir` (the root manifest, the workspace file, the changesets and
 * every workspace package with its built `dist`, without node_modules) and runs
 * `changeset version` there, so the versions and changelogs are written in the copy and the
 * repository is left as it is. Resolves the workspace packages as they will be published.
 */
export async function stageRelease(clock, root, dir, env) {
  const listed = await clock.runOk("pnpm", ["ls", "-r", "--depth", "-1", "--json"], {
    cwd: root,
    env,
    limitMs: 60_000,
  });
  const members = JSON.parse(listed.stdout).filter((p) => p.path !== root);
  for (const file of ["package.json", "pnpm-workspace.yaml"]) {
    cpSync(join(root, file), join(dir, file));
  }
  cpSync(join(root, ".changeset"), join(dir, ".changeset"), { recursive: true });
  for (const member of members) {
    cpSync(member.path, join(dir, relative(root, member.path)), {
      recursive: true,
      filter: (path) =>
        !relative(member.path, path)
          .split(sep)
          .some((p) => LEFT_OUT.has(p)),
    });
  }
  // changesets loads its changelog generator from the workspace's own tools.
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  // pnpm reads the version a `workspace:` dependency gets from the installed link, as an install
  // would have made it.
  const staged = (member) => join(dir, relative(root, member.path));
  for (const member of members) {
    const manifest = JSON.parse(readFileSync(join(member.path, "package.json"), "utf8"));
    for (const kind of DEPENDENCY_KINDS) {
      for (const [name, spec] of Object.entries(manifest[kind] ?? {})) {
        if (!String(spec).startsWith("workspace:")) continue;
        const target = members.find((m) => m.name === name);
        if (target === undefined)
          throw new CheckFailure(`${member.name}: no workspace package ${name}`);
        const link = join(staged(member), "node_modules", name);
        if (existsSync(link)) continue;
        mkdirSync(dirname(link), { recursive: true });
        symlinkSync(staged(target), link, "dir");
      }
    }
  }

  const require = createRequire(join(root, "package.json"));
  const changesetBin = join(require.resolve("@changesets/cli/package.json"), "..", "bin.js");
  await clock.runOk(process.execPath, [changesetBin, "version"], {
    cwd: dir,
    env,
    limitMs: 120_000,
  });

  return members.map((member) => {
    const path = join(dir, relative(root, member.path));
    const manifest = JSON.parse(readFileSync(join(path, "package.json"), "utf8"));
    return { name: manifest.name, version: manifest.version, path, manifest };
  });
}

/** Publishes every public package of the staged workspace with pnpm, which writes the
 * versions of `workspace:*` dependencies into the published manifests. */
export async function publishStaged(clock, dir, packages, npmrc, env) {
  writeFileSync(join(dir, ".npmrc"), npmrc);
  const published = packages.filter((p) => p.manifest.private !== true);
  await clock.runOk("pnpm", ["-r", "publish", "--no-git-checks"], {
    cwd: dir,
    env,
    limitMs: 180_000,
  });
  if (published.length === 0) throw new CheckFailure("no public package to publish");
  return published;
}
