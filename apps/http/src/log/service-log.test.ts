import { describe, expect, it } from "vitest";
import { serviceLog } from "./service-log.js";

describe("serviceLog", () => {
  it("writes one JSON line per entry: level as a word, ISO time, the message, the fields", () => {
    const lines: string[] = [];
    const log = serviceLog({ write: (line: string) => lines.push(line) });
    log.warn({ requestId: "r1", status: 404 }, "request");
    log.error({ err: new Error("boom") }, "tool.fault");
    expect(lines.every((line) => line.endsWith("\n"))).toBe(true);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toEqual({
      level: "warn",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      msg: "request",
      requestId: "r1",
      status: 404,
    });
    expect(second).toMatchObject({
      level: "error",
      msg: "tool.fault",
      err: { type: "Error", message: "boom", stack: expect.stringContaining("boom") },
    });
  });
});
