import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { batchedDestination } from "./batched-destination.js";

const dirs: string[] = [];
const fds: number[] = [];
afterEach(() => {
  for (const fd of fds.splice(0)) closeSync(fd);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A file to log into, and what it holds. */
function logFile() {
  const dir = mkdtempSync(join(tmpdir(), "batched-log-"));
  dirs.push(dir);
  const path = join(dir, "log");
  const fd = openSync(path, "w");
  fds.push(fd);
  return { fd, read: () => readFileSync(path, "utf8") };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const line = (i: number) => `{"n":${i}}\n`;
const lines = (...n: number[]) => n.map(line).join("");

/** What the file holds once it holds `expected`, or after 5 s. */
async function settled(read: () => string, expected: string): Promise<string> {
  for (let waited = 0; read() !== expected && waited < 5000; waited += 10) await sleep(10);
  return read();
}

// A wait no test outlasts: what is written then was written for another reason.
const FOREVER = 60_000;

describe("batchedDestination", () => {
  it("holds the lines until they have waited waitMs, then writes them together, in order", async () => {
    const file = logFile();
    const destination = batchedDestination(file.fd, { waitMs: 200 });
    for (let i = 0; i < 5; i++) destination.write(line(i));
    await sleep(50);
    expect(file.read()).toBe("");
    expect(await settled(file.read, lines(0, 1, 2, 3, 4))).toBe(lines(0, 1, 2, 3, 4));
  });

  it("writes a batch of maxLines lines without waiting", async () => {
    const file = logFile();
    const destination = batchedDestination(file.fd, { waitMs: FOREVER, maxLines: 3 });
    for (let i = 0; i < 4; i++) destination.write(line(i));
    expect(await settled(file.read, lines(0, 1, 2))).toBe(lines(0, 1, 2));
    destination.flushSync();
  });

  it("flushSync writes the lines still waiting at once (as at exit)", () => {
    const file = logFile();
    const destination = batchedDestination(file.fd, { waitMs: FOREVER });
    destination.write(line(0));
    destination.write(line(1));
    expect(file.read()).toBe("");
    destination.flushSync();
    expect(file.read()).toBe(lines(0, 1));
  });

  it("flush hands what waits on and calls back", async () => {
    const file = logFile();
    const destination = batchedDestination(file.fd, { waitMs: FOREVER });
    destination.write(line(0));
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    expect(await settled(file.read, lines(0))).toBe(lines(0));
  });
});
