import { describe, expect, it } from "vitest";
import { parseArgs, USAGE, UsageError } from "./parse-args.js";

describe("parseArgs", () => {
  it("serves stdio without flags", () => {
    expect(parseArgs([])).toEqual({ mode: "stdio" });
  });

  it("serves HTTP on the given port, on loopback unless --host says otherwise", () => {
    expect(parseArgs(["--http", "8765"])).toEqual({ mode: "http", port: 8765, host: "127.0.0.1" });
    expect(parseArgs(["--http=0"])).toEqual({ mode: "http", port: 0, host: "127.0.0.1" });
    expect(parseArgs(["--host", "0.0.0.0", "--http", "80"])).toEqual({
      mode: "http",
      port: 80,
      host: "0.0.0.0",
    });
  });

  it("prints help for --help and -h, whatever else is given", () => {
    expect(parseArgs(["--help"])).toEqual({ mode: "help" });
    expect(parseArgs(["-h"])).toEqual({ mode: "help" });
    expect(parseArgs(["--http", "1", "-h"])).toEqual({ mode: "help" });
  });

  it.each([
    [["--bogus"], "unknown option --bogus"],
    [["-x"], "unknown option -x"],
    [["stdio"], "unexpected argument stdio"],
    [["--http"], "--http needs a value"],
    [["--http="], "--http needs a PORT (0 to 65535)"],
    [["--http", "65536"], '--http PORT must be an integer from 0 to 65535, got "65536"'],
    [["--http", "eighty"], '--http PORT must be an integer from 0 to 65535, got "eighty"'],
    [["--http", "8.5"], '--http PORT must be an integer from 0 to 65535, got "8.5"'],
    [["--host", "0.0.0.0"], "--host only applies with --http PORT"],
    [["--http", "1", "--host="], "--host needs an address"],
    [["--help=yes"], "--help takes no value"],
  ])("refuses %j: %s", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });

  it("documents every flag and the list variables in the usage", () => {
    for (const word of ["--http PORT", "--host HOST", "--help", "/mcp", "/health"]) {
      expect(USAGE).toContain(word);
    }
    for (const env of [
      "OFAC_SOURCE",
      "OFAC_OFFICIAL",
      "OFAC_SNAPSHOT_DIR",
      "OFAC_SAMPLE_FALLBACK",
      "OFAC_REFRESH_MINUTES",
    ]) {
      expect(USAGE).toContain(env);
    }
  });
});
