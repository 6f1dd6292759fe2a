import { LOOPBACK_CALLER } from "@svc/mcp-server";
import { describe, expect, it } from "vitest";
import { callersFor } from "./http.js";

describe("who may call svc-mcp --http, by the address it is bound to", () => {
  it.each(["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"])(
    "bound to %s: this machine's pages and names only",
    (host) => expect(callersFor(host)).toEqual(LOOPBACK_CALLER),
  );

  it.each(["0.0.0.0", "::", "192.168.1.20", "mcp.lan"])(
    "bound to %s: any name the network uses, still no other site's page",
    (host) => expect(callersFor(host)).toEqual({ origins: "loopback", hosts: "any" }),
  );
});
