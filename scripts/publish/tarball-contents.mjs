import { CheckFailure } from "./steps.mjs";

/** Files a published package must not carry: tests, test helpers, sources, build and bench
 * configuration. (A source file the manifest's `files` names on purpose is allowed.) */
const NOT_PUBLISHED = [
  /\.test\.[^/]*$/,
  /(^|\/)test-support\//,
  /^(src|bench|scripts|node_modules|\.turbo)\//,
  /^(tsconfig[^/]*|vitest\.config\.[^/]*|CHANGELOG\.md\.orig)$/,
];

/** The files a package needs: its manifest, README, LICENSE, every bin and every export. */
function requiredFiles(manifest) {
  const targets = new Set(["package.json", "README.md", "LICENSE"]);
  const bins =
    typeof manifest.bin === "string" ? [manifest.bin] : Object.values(manifest.bin ?? {});
  const collect = (target) => {
    if (typeof target === "string") targets.add(target);
    else if (target !== null && typeof target === "object") Object.values(target).forEach(collect);
  };
  collect(manifest.exports ?? {});
  for (const target of bins) targets.add(target);
  return [...targets].map((t) => t.replace(/^\.\//, ""));
}

/**
 * Lists each published tarball as the registry serves it (`npm pack --dry-run`) and checks it
 * holds what the package needs and nothing it should not. Returns one summary line a package.
 */
export async function checkTarballs(clock, packages, cwd, env) {
  const specs = packages.map((p) => `${p.name}@${p.version}`);
  const r = await clock.runOk("npm", ["pack", "--dry-run", "--json", ...specs], {
    cwd,
    env,
    limitMs: 120_000,
  });
  const listings = JSON.parse(r.stdout);
  const problems = [];
  const lines = [];
  for (const pkg of packages) {
    const listing = listings.find((l) => l.name === pkg.name);
    if (listing === undefined) {
      problems.push(`${pkg.name}: not listed by npm pack`);
      continue;
    }
    const paths = new Set(listing.files.map((f) => f.path));
    const allowed = new Set((pkg.manifest.files ?? []).map((f) => f.replace(/^\.\//, "")));
    for (const needed of requiredFiles(pkg.manifest)) {
      if (!paths.has(needed)) problems.push(`${pkg.name}: missing ${needed}`);
    }
    for (const path of paths) {
      if (allowed.has(path)) continue;
      if (NOT_PUBLISHED.some((pattern) => pattern.test(path))) {
        problems.push(`${pkg.name}: should not publish ${path}`);
      }
    }
    lines.push(
      `${pkg.name}@${pkg.version}: ${listing.entryCount} files, ${(listing.size / 1024).toFixed(0)} kB packed`,
    );
  }
  if (problems.length > 0) {
    throw new CheckFailure(`${problems.length} tarball problem(s)`, problems.join("\n"));
  }
  return lines;
}
