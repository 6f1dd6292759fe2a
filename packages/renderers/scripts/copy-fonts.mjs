// Copies the font files the renderers read into dist/font-files, and nothing else: the regular
// (400) and bold (700) WOFF slices of Noto Sans SC and KR with their unicode.json, and the three
// DejaVu faces. The font packages ship every weight in WOFF and WOFF2 (about 130 MiB); a
// production install carries these ~20 MiB instead, since the packages are only devDependencies.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const target = fileURLToPath(new URL("../dist/font-files/", import.meta.url));
/** The weights font-files.ts registers (regular and bold). */
const WEIGHTS = ["400", "700"];

rmSync(target, { recursive: true, force: true });

function copy(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

for (const id of ["noto-sans-sc", "noto-sans-kr"]) {
  const root = dirname(require.resolve(`@fontsource/${id}/package.json`));
  for (const name of ["unicode.json", "LICENSE"]) copy(join(root, name), join(target, id, name));
  for (const name of readdirSync(join(root, "files"))) {
    const weight = /-(\d+)-normal\.woff$/.exec(name)?.[1];
    if (weight !== undefined && WEIGHTS.includes(weight)) {
      copy(join(root, "files", name), join(target, id, "files", name));
    }
  }
}

const dejavu = dirname(require.resolve("dejavu-fonts-ttf/package.json"));
for (const name of ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"]) {
  copy(join(dejavu, "ttf", name), join(target, "dejavu", name));
}
copy(join(dejavu, "LICENSE"), join(target, "dejavu", "LICENSE"));
