import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@svc/test-support/readme-example";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("../", import.meta.url));

/** The outputs an example shows: the comments right under each `console.log` line. */
const shownOutputs = (source: string): string[] => {
  const shown: string[] = [];
  let afterLog = false;
  for (const line of source.split("\n")) {
    const comment = /^\/\/ (.*)$/.exec(line);
    if (afterLog && comment?.[1] !== undefined) shown.push(comment[1]);
    else afterLog = line.includes("console.log(");
  }
  return shown;
};

/** Ran cleanly, and printed exactly the outputs it shows. */
const expectShown = (r: ReturnType<typeof runReadmeExample>) => {
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(r.stdout.trim().split("\n")).toEqual(shownOutputs(r.source));
};

describe("README", () => {
  it("runs its payment example as written, against the built package, with the outputs it shows", () => {
    const r = runReadmeExample(PACKAGE_DIR, 0);
    expectShown(r);
  });

  it("runs its reservation store example as written, with the outputs it shows", () => {
    const r = runReadmeExample(PACKAGE_DIR, 1);
    expectShown(r);
  });
});
