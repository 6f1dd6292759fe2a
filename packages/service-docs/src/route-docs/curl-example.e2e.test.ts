import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { curlExampleOf, shellQuote } from "./curl-example.js";

describe("curlExampleOf", () => {
  it("a POST with its JSON body, quoted so that a shell passes it through unchanged", () => {
    const body = { title: 'It\'s $HOME `x` "q"' };
    const curl = curlExampleOf("POST", "https://a.test/api/x", body);
    expect(curl).toContain("curl -i -X POST 'https://a.test/api/x'");
    // What the shell hands curl as the -d argument is exactly the JSON.
    const argument = execFileSync("sh", ["-c", `printf %s ${shellQuote(JSON.stringify(body))}`], {
      encoding: "utf8",
    });
    expect(JSON.parse(argument)).toEqual(body);
  });

  it("a GET is just the URL", () => {
    expect(curlExampleOf("GET", "https://a.test/api/x/1?asset=ETH")).toBe(
      "curl -i 'https://a.test/api/x/1?asset=ETH'",
    );
  });
});
