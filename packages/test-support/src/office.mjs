// LibreOffice's own reading of the DOCX and XLSX files the service makes: headless LibreOffice
// (Debian's libreoffice-core, -writer and -calc) converts each to a PDF, as a reviewer printing
// the file would get it. Every conversion has a throwaway user profile of its own, so
// conversions may run side by side, and a time bound, past which the whole process group is
// killed.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, extname, join } from "node:path";
import { pathToFileURL } from "node:url";

const BINARIES = ["/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice"];

/** The soffice binary, or undefined when LibreOffice is not installed. */
export function officeBinary() {
  return BINARIES.find((path) => existsSync(path));
}

/**
 * Carlito: the metric-compatible twin of Calibri, the font the service's DOCX and XLSX name.
 * Without it LibreOffice sets them in a wider font, and lines and pages no longer fall as in Word.
 */
const CARLITO = "/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf";

const INSTALL =
  "apt-get install libreoffice-core libreoffice-writer libreoffice-calc fonts-crosextra-carlito";

/** Why office conversions cannot run here as they run in CI, or undefined when they can. */
export function officeMissingReason() {
  if (officeBinary() === undefined) {
    return `LibreOffice is not installed (no ${BINARIES.join(" or ")}): ${INSTALL}`;
  }
  if (!existsSync(CARLITO)) return `the Carlito font (Calibri's metrics) is missing: ${INSTALL}`;
  return undefined;
}

/** How long one conversion may take: the first start of a fresh profile is the slow part. */
const OFFICE_TIMEOUT_MS = 120_000;

/**
 * The import filter of each kind, named so that LibreOffice reads the file as what it claims to
 * be: left to guess, it opens a damaged DOCX as plain text and prints that.
 */
const IMPORT_FILTERS = { docx: "MS Word 2007 XML", xlsx: "Calc MS Excel 2007 XML" };

/**
 * Converts a DOCX or XLSX to PDF with headless LibreOffice and resolves with the PDF's bytes.
 * `source` is `{ file }` (a path; the kind from its extension) or `{ bytes, kind }`.
 */
export async function officeToPdf(source, options = {}) {
  const binary = officeBinary();
  if (binary === undefined) throw new Error(officeMissingReason());
  const timeoutMs = options.timeoutMs ?? OFFICE_TIMEOUT_MS;
  const kind = "file" in source ? extname(source.file).slice(1).toLowerCase() : source.kind;
  const filter = IMPORT_FILTERS[kind];
  if (filter === undefined) throw new Error(`not a DOCX or XLSX: ${kind}`);
  const dir = await mkdtemp(join(tmpdir(), "svc-office-"));
  try {
    const input = join(dir, `document.${kind}`);
    if ("file" in source) await copyFile(source.file, input);
    else await writeFile(input, source.bytes);
    const outDir = join(dir, "out");
    const args = [
      `-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`,
      "--headless",
      "--invisible",
      "--nologo",
      "--nodefault",
      "--norestore",
      "--nolockcheck",
      `--infilter=${filter}`,
      "--convert-to",
      "pdf",
      "--outdir",
      outDir,
      input,
    ];
    const { code, output } = await run(binary, args, dir, timeoutMs);
    const pdf = join(outDir, `${basename(input, extname(input))}.pdf`);
    if (!existsSync(pdf)) {
      throw new Error(`LibreOffice made no PDF of the ${kind} (exit ${code}): ${output.trim()}`);
    }
    return await readFile(pdf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs soffice in a process group of its own (it starts soffice.bin under a launcher), with
 * HOME in the throwaway directory so nothing of the user's is read or written; past
 * `timeoutMs` the group is killed and the conversion fails saying so.
 */
function run(binary, args, dir, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      cwd: dir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HOME: dir, TMPDIR: dir },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new Error(`LibreOffice did not convert within ${timeoutMs} ms: killed`));
      } else {
        resolve({ code, output });
      }
    });
  });
}
