import { PassThrough } from "node:stream";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { RemoteOptions } from "../cli/parse-args.js";
import type { Log } from "../log/stderr-log.js";
import { stopOnce } from "../process/stop-once.js";
import { ConnectionTransport } from "./connection-transport.js";
import { InFlight } from "./in-flight.js";
import { Budget, formatUsdc } from "./limits.js";
import { payerFromKey } from "./payer.js";
import { payingCaller } from "./paying-caller.js";
import { PAYMENT_KEY_ENV, readPaymentKey } from "./payment-key.js";
import { createProxyServer } from "./proxy-server.js";

/**
 * How long a stop may take: the calls under way finish first, and each is bounded by the remote
 * client's request timeout (60 s), the paid one after its unpaid one.
 */
const STOP_TIMEOUT_MS = 125_000;

/** What the proxy says it is to the remote server. */
const CLIENT_INFO = { name: "svc-mcp-remote", version: "0.1.0" };

/**
 * `svc-mcp --remote <URL>`: connects to a hosted `/mcp` (protocol 2026-07-28 if it speaks it,
 * else the 2025 handshake), then serves it over stdio, paying for paid tools from the key in
 * `X402_PRIVATE_KEY` within the limits. Exits 1 (`start.failed`) if the key is malformed or the
 * remote cannot be reached; stops when the client closes stdin (or stops reading stdout), or on
 * SIGINT/SIGTERM, after the calls under way have finished (and their payments were logged). A
 * server instance of the SDK's stdio entry closing is no stop: the entry discards the instance
 * that answered a probing `server/discover` when the client goes on with `initialize`.
 */
export async function runRemote(
  options: RemoteOptions,
  env: Readonly<Record<string, string | undefined>>,
  log: Log,
): Promise<void> {
  const key = readPaymentKey(env);
  if (key.kind === "invalid") {
    log.error({ setting: PAYMENT_KEY_ENV, reason: key.message }, "start.failed");
    process.exit(1);
  }
  const payer = key.kind === "key" ? payerFromKey(key.key) : undefined;
  const budget = new Budget(options.maxPerCall, options.maxTotal);

  const remote = new Client(CLIENT_INFO, { versionNegotiation: { mode: "auto" } });
  try {
    await remote.connect(new StreamableHTTPClientTransport(new URL(options.url)));
  } catch (error) {
    log.error({ remote: options.url, err: error }, "start.failed");
    process.exit(1);
  }

  const caller = payingCaller({ remote, payer, budget, log });
  const inFlight = new InFlight();
  let serving: { close(): Promise<void> } | undefined;
  // The transport reads stdin through `input`, which ends only once the requests already read
  // are answered: the SDK's transport drops what is under way when its input ends.
  const input = new PassThrough();
  process.stdin.pipe(input, { end: false });
  const shutdown = stopOnce(
    async () => {
      await inFlight.settled();
      await serving?.close();
      await remote.close();
      // Stopped by a signal, stdin may still be open: it would hold the process.
      process.stdin.unpipe(input);
      process.stdin.destroy();
    },
    log,
    STOP_TIMEOUT_MS,
  );
  let inputEnded = false;
  const endInput = () => {
    if (inputEnded) return;
    inputEnded = true;
    void inFlight.settled().then(() => input.end());
  };
  process.stdin.once("end", endInput);
  process.stdin.once("close", endInput);
  const connection = new ConnectionTransport(input, process.stdout);
  connection.onClosed = () => shutdown("connection closed");
  serving = serveStdio(() => createProxyServer(remote, caller, inFlight), {
    transport: connection,
  });

  log.info(
    {
      transport: "stdio",
      remote: options.url,
      server: {
        name: remote.getServerVersion()?.name,
        version: remote.getServerVersion()?.version,
      },
      protocolVersion: remote.getNegotiatedProtocolVersion(),
      payer: payer?.address ?? null,
      ...(payer === undefined
        ? { notice: `${PAYMENT_KEY_ENV} is not set: paid tools are refused` }
        : {}),
      maxPerCall: formatUsdc(budget.maxPerCall),
      maxTotal: formatUsdc(budget.maxTotal),
    },
    "ready",
  );
}
