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

  it("runs the paying proxy with --remote, with the default limits (0.25 per call, 5 in all)", () => {
    expect(parseArgs(["--remote", "https://svc.example/mcp"])).toEqual({
      mode: "remote",
      url: "https://svc.example/mcp",
      maxPerCall: 250_000n,
      maxTotal: 5_000_000n,
    });
    expect(
      parseArgs([
        "--remote=http://127.0.0.1:8080/mcp",
        "--max-per-call",
        "0.05",
        "--max-total=1.000001",
      ]),
    ).toEqual({
      mode: "remote",
      url: "http://127.0.0.1:8080/mcp",
      maxPerCall: 50_000n,
      maxTotal: 1_000_001n,
    });
    expect(parseArgs(["--remote", "http://localhost:3000/mcp"])).toMatchObject({ mode: "remote" });
    expect(parseArgs(["--remote", "http://[::1]:3000/mcp"])).toMatchObject({ mode: "remote" });
  });

  const KEY = `0x${"ab".repeat(32)}`;
  it.each([
    [["--remote", "https://svc.example/mcp", KEY]],
    [["--remote", "https://svc.example/mcp", `--key=${KEY}`]],
    [["--remote", "https://svc.example/mcp", "--max-total", KEY.slice(2)]],
    [[`--remote=https://svc.example/mcp?key=${KEY}`]],
  ])(
    "key on the command line (process lists, shell history): refuses %j without repeating it",
    (argv) => {
      expect(() => parseArgs(argv)).toThrow(UsageError);
      expect(() => parseArgs(argv)).toThrow(/looks like a private key.*X402_PRIVATE_KEY/);
      try {
        parseArgs(argv);
      } catch (error) {
        expect((error as Error).message).not.toContain(KEY.slice(2));
      }
    },
  );

  it.each([
    [
      ["--remote", "svc.example/mcp"],
      '--remote needs the URL of a hosted /mcp endpoint (https://…/mcp), got "svc.example/mcp"',
    ],
    [["--remote", "ftp://svc.example/mcp"], "--remote must be an http(s) URL, got a ftp: URL"],
    [["--remote", "file:///etc/passwd"], "--remote must be an http(s) URL, got a file: URL"],
    [["--remote"], "--remote needs a value"],
    [
      ["--remote", "https://a.example/mcp", "--http", "80"],
      "--remote and --http cannot be combined",
    ],
    [
      ["--remote", "https://a.example/mcp", "--host", "0.0.0.0"],
      "--host only applies with --http PORT",
    ],
    [["--max-per-call", "1"], "--max-per-call only applies with --remote URL"],
    [["--http", "80", "--max-total", "1"], "--max-total only applies with --remote URL"],
    [
      ["--remote", "https://a.example/mcp", "--max-per-call", "0"],
      '--max-per-call must be a positive USDC amount with at most 6 decimals (e.g. 0.25), got "0"',
    ],
    [
      ["--remote", "https://a.example/mcp", "--max-per-call=-1"],
      '--max-per-call must be a positive USDC amount with at most 6 decimals (e.g. 0.25), got "-1"',
    ],
    [
      ["--remote", "https://a.example/mcp", "--max-total", "0.0000001"],
      '--max-total must be a positive USDC amount with at most 6 decimals (e.g. 0.25), got "0.0000001"',
    ],
    [
      ["--remote", "https://a.example/mcp", "--max-total", "five"],
      '--max-total must be a positive USDC amount with at most 6 decimals (e.g. 0.25), got "five"',
    ],
    [["--remote", "https://a.example/mcp", "--max-total"], "--max-total needs a value"],
  ])("refuses %j: %s", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });

  it("payment redirected on the path: refuses plain http to a host that is not loopback", () => {
    for (const url of [
      "http://svc.example/mcp",
      "http://10.0.0.2/mcp",
      "http://127.0.0.1.evil.example/mcp",
    ]) {
      expect(() => parseArgs(["--remote", url])).toThrow(
        /--remote over plain http is only for loopback .* need https/,
      );
    }
  });

  it("documents every flag and the list variables in the usage", () => {
    for (const word of [
      "--http PORT",
      "--host HOST",
      "--help",
      "/mcp",
      "/health",
      "--remote URL",
      "--max-per-call USDC",
      "--max-total USDC",
      "X402_PRIVATE_KEY",
    ]) {
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
