#!/usr/bin/env node
// `node scripts/wire-capture/capture.mjs [--root CHECKOUT] OUT.json`: starts the built service
// (apps/http/dist of this checkout or CHECKOUT; offline: the embedded sample edition, its own
// local chain, a fixed signing key), sends it a
// fixed list of requests (free routes, every paid route unpaid, validation refusals, paid calls
// with the catalog's examples, MCP over /mcp in both protocol generations, settlement before and
// after the answer) and the stdio MCP app a few JSON-RPC requests, and writes what came back,
// masked by normalize.mjs, as one JSON file: two runs of the same code give the same file, so
// `diff` of a run before a change and one after shows every change on the wire. See README.md.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { payerOf, paymentHeader } from "@svc/test-support/x402-payer";
// The capture's own tools (the paying client, the payer's settled history) come from this
// checkout, whichever checkout is captured.
import { payHistory } from "../../apps/http/bench/payer-history.mjs";
import { send } from "./http-client.mjs";
import { MASKS, normalizerOf } from "./normalize.mjs";
import { decodeBase64Json, headerOf, recorderOf } from "./recorder.mjs";
import { startService } from "./service-process.mjs";
import { captureStdioMcp } from "./stdio-mcp.mjs";

/** The whole capture's bound: past it, everything started is stopped and the capture fails. */
const CAPTURE_TIMEOUT_MS = 15 * 60_000;

/** A wallet on the sample edition's SDN list (Lazarus Group) and two that are not. */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";
const CLEAR_BTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const SCREEN = "/api/ofac-wallet-screen";

const JSON_TYPE = { "Content-Type": "application/json" };
const MCP_HEADERS = { ...JSON_TYPE, Accept: "application/json, text/event-stream" };
const CLIENT_INFO = { name: "wire-capture", version: "1.0.0" };
const MODERN = "2026-07-28";

const USAGE = "usage: node scripts/wire-capture/capture.mjs [--root CHECKOUT] OUT.json";
const { values: options, positionals } = parseArgs({
  options: { root: { type: "string" }, help: { type: "boolean" } },
  allowPositionals: true,
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const out = positionals[0];
if (out === undefined || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
/**
 * The checkout whose build is captured (its service, stdio app, catalog and tools): this one by
 * default, or another (`--root`, a worktree under change) with these same scripts and rules.
 */
const root = resolve(options.root ?? fileURLToPath(new URL("../..", import.meta.url)));
const fromRoot = (path) => import(pathToFileURL(join(root, path)).href);
const { CATALOG } = await fromRoot("packages/compliance/dist/index.js");
const { TOOLS } = await fromRoot("packages/mcp-server/dist/index.js");

/** What the capture started, stopped in the end whatever happens. */
const started = [];
const stopAll = () => Promise.allSettled(started.splice(0).map((s) => s.stop()));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`${signal}: stopping what the capture started`);
    void stopAll().finally(() => process.exit(130));
  });
}
const bound = setTimeout(() => {
  console.error(`capture: not done within ${CAPTURE_TIMEOUT_MS / 60_000} min; stopping`);
  void stopAll().finally(() => process.exit(1));
}, CAPTURE_TIMEOUT_MS);
bound.unref();

const nowMs = Date.now();
let recorder;

/** A request's summary as recorded: what was sent, the body as short text or a label. */
function summaryOf({
  method = "GET",
  target,
  headers = {},
  body,
  bodyLabel,
  chunked,
  volatileBody,
}) {
  const shown = Object.fromEntries(
    Object.entries(headers).map(([k, v]) =>
      k.toLowerCase() === "payment-signature" ? [k, "{x402 payment for the 402's terms}"] : [k, v],
    ),
  );
  const summary = { method, target, headers: shown };
  if (body !== undefined) {
    const bytes = Buffer.byteLength(body);
    summary.body =
      bodyLabel ?? (bytes <= 400 ? body.toString() : `${body.toString().slice(0, 120)}…`);
    // A body carrying a payment (MCP's _meta) or an attestation is new each run: only its label
    // is kept.
    if (!volatileBody) {
      summary.bodyBytes = bytes;
      summary.bodySha256 = createHash("sha256").update(body).digest("hex").slice(0, 16);
    }
    summary.sent = chunked ? "chunked" : "with Content-Length";
  }
  return summary;
}

/** One capture session against a running service. */
function sessionOf(service, payerKey) {
  const origin = service.url;
  const call = async (category, label, req) => {
    const res = await send(origin, req);
    const entry = await recorder.record(category, label, summaryOf(req), res);
    return { res, entry };
  };

  /** The 402 of `req`, and the same request paid from `payerKey` for its first terms. */
  const paidRequest = async (req) => {
    const unpaid = await send(origin, req);
    if (unpaid.status !== 402) {
      throw new Error(`${req.method} ${req.target}: ${unpaid.status}, not 402 before payment`);
    }
    const required = decodeBase64Json(headerOf(unpaid, "payment-required"));
    const payload = await payerOf(payerKey).createPaymentPayload(required);
    return {
      ...req,
      headers: { ...req.headers, "PAYMENT-SIGNATURE": paymentHeader(payload) },
      payload,
    };
  };
  const paid = async (category, label, req) => call(category, label, await paidRequest(req));

  /** A JSON-RPC request to /mcp; `modern` sends it as a 2026-07-28 client does. */
  const rpcRequest = (method, params, { modern = false, id = 1, headers = {} } = {}) => {
    // `id: null` sends a notification (no id).
    const envelope = modern
      ? {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
            "io.modelcontextprotocol/clientCapabilities": {},
            ...(params?._meta ?? {}),
          },
        }
      : {};
    const message = { jsonrpc: "2.0", method };
    if (id !== null) message.id = id;
    if (params !== undefined || modern) message.params = { ...(params ?? {}), ...envelope };
    const name = typeof params?.name === "string" ? { "mcp-name": params.name } : {};
    return {
      method: "POST",
      target: "/mcp",
      headers: {
        ...MCP_HEADERS,
        ...(modern ? { "mcp-protocol-version": MODERN, "mcp-method": method, ...name } : {}),
        ...headers,
      },
      body: JSON.stringify(message),
    };
  };
  const rpc = (category, label, method, params, options) =>
    call(category, label, rpcRequest(method, params, options));

  /** A tools/call unpaid, then paid from `payerKey` for the terms its result asked. */
  const paidTool = async (category, label, name, args, options = {}) => {
    const unpaid = await send(origin, rpcRequest("tools/call", { name, arguments: args }, options));
    const required = JSON.parse(unpaid.body.toString("utf8")).result?.structuredContent;
    if (required?.x402Version === undefined) {
      throw new Error(`tools/call ${name}: no payment asked: ${unpaid.body.toString("utf8")}`);
    }
    const payload = await payerOf(payerKey).createPaymentPayload(required);
    const req = rpcRequest(
      "tools/call",
      { name, arguments: args, _meta: { "x402/payment": payload } },
      options,
    );
    return call(category, label, {
      ...req,
      bodyLabel: `tools/call ${name} ${JSON.stringify(args)}, paid in _meta`,
      volatileBody: true,
    });
  };

  return { origin, call, paid, paidRequest, rpc, rpcRequest, paidTool };
}

/** The target of a catalog operation's GET for `input` (path parameters, then the query). */
function targetOf(op, input) {
  const rest = { ...input };
  const path = op.path.replace(/:(\w+)/g, (_m, name) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(
    Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]),
  ).toString();
  return query === "" ? path : `${path}?${query}`;
}

/** A catalog operation's request for `input`: a GET's target, or a POST's JSON body. */
function opRequest(op, input, label) {
  if (op.method === "GET") return { method: "GET", target: targetOf(op, input) };
  return {
    method: "POST",
    target: op.path,
    headers: JSON_TYPE,
    body: JSON.stringify(input),
    bodyLabel: label,
  };
}

/** The settings and data the normalizer needs from a started service. */
async function normalizerFor(service) {
  const list = JSON.parse((await send(service.url, { target: "/api/list" })).body.toString("utf8"));
  const editions = JSON.parse(
    (await send(service.url, { target: "/api/list/editions" })).body.toString("utf8"),
  );
  const stableSha256 = [
    list.data?.sourceFreshness?.datasetSha256,
    ...(editions.data?.editions ?? []).map((e) => e.datasetSha256),
  ].filter((s) => typeof s === "string");
  return normalizerOf({ serviceUrl: service.url, anvilUrl: service.anvilUrl, nowMs, stableSha256 });
}

/** The devnet's funded payers (public devnet keys), as the service publishes them. */
async function payersOf(service) {
  const info = JSON.parse(
    (await send(service.url, { target: "/dev/devnet.json" })).body.toString("utf8"),
  );
  return info.payers.map((p) => p.privateKey);
}

/** The free routes (apps/http: create-app, mount-discovery, mount-mcp, mount-mcp-listing,
 * mount-list, mount-payment-receipts, mount-attestations, the development routes). */
const FREE_ROUTES = [
  "/health",
  "/ready",
  "/",
  "/api",
  "/openapi.json",
  "/.well-known/x402-aurelian.json",
  "/.well-known/jwks.json",
  "/.well-known/mcp/server-card.json",
  "/.well-known/mcp/server.json",
  "/mcp",
  "/mcp/docs",
  "/mcp/icon.svg",
  "/mcp/icon.png",
  "/api/list",
  "/api/list/editions",
  "/api/list/changes?from=2025-11-19&to=2025-11-19",
  `/api/payments/pay_${"0".repeat(32)}`,
  `/api/attestations/${"0".repeat(64)}`,
  "/dev/devnet.json",
  "/dev/stats.json",
];

async function captureFree(s) {
  const get = (target, headers = {}, label = `GET ${target}`) =>
    s.call("free", label, { target, headers });
  await get("/health");
  await get("/ready");
  await get("/");
  await get("/", { Accept: "application/json" }, "GET / (Accept: application/json)");
  await get("/api");
  await get("/api?format=html");
  await get("/api", { Accept: "text/html" }, "GET /api (Accept: text/html)");
  await get("/openapi.json");
  await get("/.well-known/x402-aurelian.json");
  await get("/.well-known/jwks.json");
  await get("/.well-known/mcp/server-card.json");
  await get("/.well-known/mcp/server.json");
  await get("/mcp");
  await get("/mcp", { Accept: "text/html" }, "GET /mcp (Accept: text/html)");
  await get("/mcp", { Accept: "text/event-stream" }, "GET /mcp (Accept: text/event-stream)");
  await get("/mcp/docs");
  await get("/mcp/docs?format=json");
  await get("/mcp/icon.svg");
  await get("/mcp/icon.png");
  const { res } = await get("/api/list");
  await get(
    "/api/list",
    { "If-None-Match": headerOf(res, "etag") },
    "GET /api/list (If-None-Match: its ETag)",
  );
  await get("/api/list/editions");
  await get("/api/list/changes?from=2025-11-19&to=2025-11-19");
  await get("/api/list/changes?from=2025-11-19");
  await get("/api/list/changes?from=2020-01-01");
  await get("/api/list/changes");
  await get("/api/list/changes?from=yesterday&to=x");
  await get(`/api/payments/pay_${"0".repeat(32)}`);
  await get("/api/payments/not-a-payment-id");
  await get(`/api/attestations/${"0".repeat(64)}`);
  await get("/api/attestations/not-a-fingerprint");
  await get("/api/attestations/verify");
  await get("/dev/devnet.json");
  await get("/dev/stats.json");
  for (const path of ["/llms.txt", "/robots.txt", "/favicon.ico", "/.well-known/x402", "/nope"]) {
    await get(path);
  }
  await s.call("free", "DELETE /api/list", { method: "DELETE", target: "/api/list" });
  // Every free route's HEAD, and a POST to it (the MCP endpoint's POSTs are captured below).
  for (const target of FREE_ROUTES) {
    // HEAD /dev/stats.json would declare the length of a body that changes every call.
    if (target !== "/dev/stats.json") {
      await s.call("free", `HEAD ${target}`, { method: "HEAD", target });
    }
    if (target !== "/mcp") {
      await s.call("free", `POST ${target}`, {
        method: "POST",
        target,
        headers: JSON_TYPE,
        body: "{}",
      });
    }
  }
  await s.call("free", "OPTIONS /api/ofac-wallet-screen/… (CORS preflight)", {
    method: "OPTIONS",
    target: `${SCREEN}/${LISTED}`,
    headers: {
      Origin: "https://agent.example",
      "Access-Control-Request-Method": "GET",
      "Access-Control-Request-Headers": "payment-signature",
    },
  });
  await s.call("free", "OPTIONS /api/workflows/compliance/batch-wallet-screen (CORS preflight)", {
    method: "OPTIONS",
    target: "/api/workflows/compliance/batch-wallet-screen",
    headers: {
      Origin: "https://agent.example",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type, payment-signature",
    },
  });
  await get(
    "/.well-known/x402-aurelian.json",
    { Host: "api.example.com", "X-Forwarded-Proto": "https" },
    "GET /.well-known/x402-aurelian.json (Host: api.example.com, X-Forwarded-Proto: https)",
  );
  await get(
    "/openapi.json",
    { Host: "api.example.com" },
    "GET /openapi.json (Host: api.example.com)",
  );
}

async function captureUnpaid(s) {
  for (const op of CATALOG) {
    const example = opRequest(op, op.inputExample, `inputExample of ${op.name}`);
    if (op.method === "GET") {
      await s.call("unpaid", `GET ${example.target}`, example);
      await s.call("unpaid", `HEAD ${example.target}`, { ...example, method: "HEAD" });
      await s.call("unpaid", `POST ${example.target}`, {
        method: "POST",
        target: example.target,
        headers: JSON_TYPE,
        body: "{}",
      });
    } else {
      await s.call("unpaid", `GET ${op.path}`, { target: op.path });
      await s.call("unpaid", `GET ${op.path}?format=json`, { target: `${op.path}?format=json` });
      await s.call("unpaid", `GET ${op.path} (Accept: application/json)`, {
        target: op.path,
        headers: { Accept: "application/json" },
      });
      await s.call("unpaid", `HEAD ${op.path}`, { method: "HEAD", target: op.path });
      await s.call("unpaid", `POST ${op.path} (inputExample)`, example);
    }
  }
}

/** A body of `bytes` bytes that is valid JSON (one long string member). */
const bodyOfSize = (bytes) => {
  const frame = '{"padding":""}';
  return `{"padding":"${"a".repeat(Math.max(0, bytes - frame.length))}"}`;
};

async function captureRefusals(s) {
  const screen = (address, label = address) =>
    s.call("refusal", `GET ${SCREEN}/${label} (unpaid)`, { target: `${SCREEN}/${address}` });
  await screen("0x12");
  await screen("not-an-address");
  await screen(`${LISTED}?asset=NOPE`, `${LISTED}?asset=NOPE`);
  await s.call("refusal", "GET (target over 1,024 characters)", {
    target: `${SCREEN}/${LISTED}?pad=${"x".repeat(1100)}`,
  });
  await s.call("refusal", "GET /api/list (Host header over 259 characters)", {
    target: "/api/list",
    headers: { Host: `${"h".repeat(260)}.example` },
  });
  await s.call("refusal", "GET http://evil.example/api/list (absolute-form target, another host)", {
    target: "http://evil.example/api/list",
  });
  for (const op of CATALOG.filter((o) => o.method === "POST")) {
    const p = op.path;
    const valid = JSON.stringify(op.inputExample);
    await s.call("refusal", `POST ${p} (Content-Type: text/plain)`, {
      method: "POST",
      target: p,
      headers: { "Content-Type": "text/plain" },
      body: valid,
      bodyLabel: `inputExample of ${op.name}`,
    });
    await s.call("refusal", `POST ${p} (no Content-Type)`, {
      method: "POST",
      target: p,
      body: valid,
      bodyLabel: `inputExample of ${op.name}`,
    });
    await s.call("refusal", `POST ${p} (malformed JSON)`, {
      method: "POST",
      target: p,
      headers: JSON_TYPE,
      body: '{"addresses": [',
    });
    const limit = op.maxBodyBytes ?? 1_048_576;
    await s.call("refusal", `POST ${p} (body of limit + 1 KiB, declared)`, {
      method: "POST",
      target: p,
      headers: JSON_TYPE,
      body: bodyOfSize(limit + 1024),
    });
    await s.call("refusal", `POST ${p} (body of limit + 1 KiB, chunked)`, {
      method: "POST",
      target: p,
      headers: JSON_TYPE,
      body: bodyOfSize(limit + 1024),
      chunked: true,
    });
    await s.call("refusal", `POST ${p} (invalid input, unpaid)`, {
      method: "POST",
      target: p,
      headers: JSON_TYPE,
      body: JSON.stringify({ addresses: [42], subject_name: "", report_meta: { title: 7 } }),
    });
  }
  // Refusals after payment: the input checked once paid, not charged.
  await s.paid("refusal", `GET ${SCREEN}/0x12 (paid)`, { target: `${SCREEN}/0x12` });
  await s.paid("refusal", `GET ${SCREEN}/bc1qnotanaddress (paid)`, {
    target: `${SCREEN}/bc1qnotanaddress`,
  });
  const invalid = {
    "/api/workflows/compliance/batch-wallet-screen": { addresses: [42, "0x12"], asset: "NOPE" },
    "/api/workflows/compliance/wallet-sanctions-report": { asset: "ETH" },
    "/api/workflows/compliance/edd-report": {
      subject_name: "",
      addresses: [],
      output_format: "txt",
    },
    "/api/workflows/compliance/exposure-forecast": { addresses: [], horizon_days: -1 },
    "/api/workflows/compliance/queue-optimize": { review_items: [{ address: 1 }] },
    "/api/tools/report/generate": { title: 7, sections: "none" },
    "/api/tools/report/pdf/generate": { report_meta: { title: 7 }, executive_summary: "x" },
    "/api/tools/report/docx/generate": {},
    "/api/tools/report/xlsx/generate": { tables: [{ rows: 3 }] },
  };
  for (const [path, body] of Object.entries(invalid)) {
    await s.paid("refusal", `POST ${path} (invalid input, paid)`, {
      method: "POST",
      target: path,
      headers: JSON_TYPE,
      body: JSON.stringify(body),
    });
  }
  for (const op of CATALOG.filter((o) => o.method === "POST")) {
    const p = op.path;
    await s.paid("refusal", `POST ${p} (malformed JSON, paid)`, {
      method: "POST",
      target: p,
      headers: JSON_TYPE,
      body: '{"addresses": [',
    });
    await s.paid("refusal", `POST ${p} (Content-Type: text/plain, paid)`, {
      method: "POST",
      target: p,
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(op.inputExample),
      bodyLabel: `inputExample of ${op.name}`,
    });
    await s.paid("refusal", `POST ${p} (body of limit + 1 KiB, chunked, paid)`, {
      method: "POST",
      target: p,
      headers: JSON_TYPE,
      body: bodyOfSize((op.maxBodyBytes ?? 1_048_576) + 1024),
      chunked: true,
    });
  }
  // Payments refused: malformed, replayed, and one made for another route.
  await s.call("refusal", `GET ${SCREEN}/${LISTED} (PAYMENT-SIGNATURE not base64 JSON)`, {
    target: `${SCREEN}/${LISTED}`,
    headers: { "PAYMENT-SIGNATURE": "not-a-payment" },
  });
  const once = await s.paidRequest({ target: `${SCREEN}/${CLEAR}` });
  await s.call("refusal", `GET ${SCREEN}/${CLEAR} (paid, first use of the payment)`, once);
  await s.call("refusal", `GET ${SCREEN}/${CLEAR} (the same payment again)`, once);
  const other = await s.paidRequest({ target: `${SCREEN}/${CLEAR}` });
  await s.call("refusal", `GET ${SCREEN}/${LISTED} (a payment made for ${SCREEN}/${CLEAR})`, {
    ...other,
    target: `${SCREEN}/${LISTED}`,
  });
  const screening = await s.paidRequest({ target: `${SCREEN}/${CLEAR}` });
  await s.call(
    "refusal",
    "POST /api/workflows/compliance/batch-wallet-screen (a screening's payment)",
    {
      method: "POST",
      target: "/api/workflows/compliance/batch-wallet-screen",
      headers: { ...JSON_TYPE, "PAYMENT-SIGNATURE": screening.headers["PAYMENT-SIGNATURE"] },
      body: JSON.stringify({ addresses: [CLEAR] }),
    },
  );
}

async function capturePaid(s) {
  for (const op of CATALOG) {
    const req = opRequest(op, op.inputExample, `inputExample of ${op.name}`);
    await s.paid("paid", `${req.method} ${op.path} (inputExample)`, req);
  }
  const listed = await s.paid("paid", `GET ${SCREEN}/${LISTED}`, { target: `${SCREEN}/${LISTED}` });
  await s.paid("paid", `GET ${SCREEN}/${CLEAR}`, { target: `${SCREEN}/${CLEAR}` });
  await s.paid("paid", `GET ${SCREEN}/${CLEAR_BTC}`, { target: `${SCREEN}/${CLEAR_BTC}` });
  await s.paid("paid", `GET ${SCREEN}/${LISTED}?asset=ETH`, {
    target: `${SCREEN}/${LISTED}?asset=ETH`,
  });
  await s.paid("paid", `GET ${SCREEN}/${LISTED.toLowerCase()} (lower case)`, {
    target: `${SCREEN}/${LISTED.toLowerCase()}`,
  });
  await s.paid("paid", "POST /api/workflows/compliance/batch-wallet-screen (listed, clear, BTC)", {
    method: "POST",
    target: "/api/workflows/compliance/batch-wallet-screen",
    headers: JSON_TYPE,
    body: JSON.stringify({ addresses: [LISTED, CLEAR, CLEAR_BTC] }),
  });
  for (const format of ["pdf", "docx"]) {
    await s.paid("paid", `POST /api/workflows/compliance/edd-report (output_format ${format})`, {
      method: "POST",
      target: "/api/workflows/compliance/edd-report",
      headers: JSON_TYPE,
      body: JSON.stringify({
        ...CATALOG.find((o) => o.name === "edd_report").inputExample,
        output_format: format,
      }),
    });
  }
  // A paid HEAD answers the unpaid 402's status and headers.
  const head = await s.paidRequest({ target: `${SCREEN}/${LISTED}` });
  await s.call("paid", `HEAD ${SCREEN}/${LISTED} (with a payment)`, { ...head, method: "HEAD" });
  return {
    attestation: listed.res.status === 200 ? JSON.parse(listed.res.body).attestation : undefined,
  };
}

async function captureAttestations(s, jws) {
  const verify = (label, body, headers = JSON_TYPE, volatileBody = false) =>
    s.call("attestation", `POST /api/attestations/verify (${label})`, {
      method: "POST",
      target: "/api/attestations/verify",
      headers,
      body,
      bodyLabel: label,
      volatileBody,
    });
  if (jws !== undefined) {
    const fingerprint = createHash("sha256").update(jws).digest("hex");
    await s.call("attestation", "GET /api/attestations/{fingerprint of the listed screening's}", {
      target: `/api/attestations/${fingerprint}`,
    });
    await verify(
      "the listed screening's attestation",
      JSON.stringify({ attestation: jws }),
      JSON_TYPE,
      true,
    );
    const [h, p, sig] = jws.split(".");
    const flipped = `${h}.${p}.${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
    await verify(
      "its signature's first character changed",
      JSON.stringify({ attestation: flipped }),
      JSON_TYPE,
      true,
    );
    const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8"));
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, version: 2 })).toString("base64url")}.${sig}`;
    await verify("its claims changed", JSON.stringify({ attestation: forged }), JSON_TYPE, true);
  }
  await verify("not a JWS", JSON.stringify({ attestation: "not-a-jws" }));
  await verify("no attestation member", JSON.stringify({ jws: "x" }));
  await verify("malformed JSON", '{"attestation": ');
  await verify("Content-Type: text/plain", JSON.stringify({ attestation: "x" }), {
    "Content-Type": "text/plain",
  });
  await verify("a body over 163,841 bytes", bodyOfSize(163_842));
}

async function captureMcp(s) {
  const c = "mcp-http";
  await s.rpc(c, "initialize (2025-11-25)", "initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: CLIENT_INFO,
  });
  await s.rpc(c, "initialize (2025-06-18)", "initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: CLIENT_INFO,
  });
  await s.rpc(c, "notifications/initialized", "notifications/initialized", undefined, { id: null });
  await s.rpc(c, "ping", "ping");
  await s.rpc(c, "tools/list", "tools/list");
  await s.rpc(c, "prompts/list", "prompts/list");
  await s.rpc(c, "prompts/get wallet_ofac_screening_brief", "prompts/get", {
    name: "wallet_ofac_screening_brief",
    arguments: { address: LISTED },
  });
  await s.rpc(c, "prompts/get batch_wallet_screening_brief", "prompts/get", {
    name: "batch_wallet_screening_brief",
    arguments: { addresses: `${LISTED}, ${CLEAR}`, asset: "ETH" },
  });
  await s.rpc(c, "prompts/get (unknown prompt)", "prompts/get", { name: "nope", arguments: {} });
  await s.rpc(c, "resources/list", "resources/list");
  for (const tool of TOOLS) {
    await s.rpc(c, `tools/call ${tool.name} (inputExample, unpaid)`, "tools/call", {
      name: tool.name,
      arguments: tool.inputExample,
    });
  }
  await s.rpc(c, "tools/call ofac_wallet_screen (invalid address, unpaid)", "tools/call", {
    name: "ofac_wallet_screen",
    arguments: { address: "0x12" },
  });
  await s.rpc(c, "tools/call (unknown tool)", "tools/call", { name: "nope", arguments: {} });
  await s.rpc(c, "tools/call (no name)", "tools/call", { arguments: {} });
  await s.rpc(c, "unknown method", "nope/nope", {});
  await s.call(c, "malformed JSON", {
    method: "POST",
    target: "/mcp",
    headers: MCP_HEADERS,
    body: "{",
  });
  await s.call(c, "JSON-RPC batch (array)", {
    method: "POST",
    target: "/mcp",
    headers: MCP_HEADERS,
    body: JSON.stringify([
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", id: 2, method: "prompts/list" },
    ]),
  });
  await s.call(c, "POST /mcp (Accept: text/html)", {
    ...s.rpcRequest("tools/list"),
    headers: { ...JSON_TYPE, Accept: "text/html" },
  });
  await s.call(c, "POST /mcp (Content-Type: text/plain)", {
    ...s.rpcRequest("tools/list"),
    headers: { "Content-Type": "text/plain", Accept: MCP_HEADERS.Accept },
  });
  await s.paidTool(c, `tools/call ofac_wallet_screen ${LISTED} (paid)`, "ofac_wallet_screen", {
    address: LISTED,
  });
  await s.paidTool(c, `tools/call ofac_wallet_screen ${CLEAR} (paid)`, "ofac_wallet_screen", {
    address: CLEAR,
  });
  await s.paidTool(
    c,
    "tools/call ofac_wallet_screen 0x12 (invalid address, paid)",
    "ofac_wallet_screen",
    {
      address: "0x12",
    },
  );
  await s.paidTool(
    c,
    "tools/call batch_wallet_screen (inputExample, paid)",
    "batch_wallet_screen",
    TOOLS.find((t) => t.name === "batch_wallet_screen").inputExample,
  );
  await s.paidTool(
    c,
    "tools/call ofac_wallet_report (output_format json, paid)",
    "ofac_wallet_report",
    {
      address: LISTED,
      asset: "ETH",
      output_format: "json",
    },
  );
  // The 2026-07-28 generation: no handshake, an envelope on every request.
  const m = { modern: true };
  await s.rpc(c, "server/discover (2026-07-28)", "server/discover", {}, m);
  await s.rpc(c, "tools/list (2026-07-28)", "tools/list", {}, m);
  await s.rpc(c, "prompts/list (2026-07-28)", "prompts/list", {}, m);
  await s.rpc(
    c,
    "tools/call list_status (2026-07-28)",
    "tools/call",
    { name: "list_status", arguments: {} },
    m,
  );
  await s.rpc(
    c,
    "tools/call ofac_wallet_screen (2026-07-28, unpaid)",
    "tools/call",
    {
      name: "ofac_wallet_screen",
      arguments: { address: LISTED },
    },
    m,
  );
  await s.paidTool(
    c,
    `tools/call ofac_wallet_screen ${LISTED} (2026-07-28, paid)`,
    "ofac_wallet_screen",
    {
      address: LISTED,
    },
    m,
  );
}

/** Settlement after the answer: a payer with settled history is answered first. */
async function captureDeferred(s, payerKey) {
  const c = "deferred";
  await payHistory(s.origin, payerOf(payerKey), { screenings: 3 });
  await s.call(c, "GET /ready", { target: "/ready" });
  const screened = await s.paid(c, `GET ${SCREEN}/${LISTED} (paid, answered first)`, {
    target: `${SCREEN}/${LISTED}`,
  });
  await s.paidTool(
    c,
    `tools/call ofac_wallet_screen ${LISTED} (paid, answered first)`,
    "ofac_wallet_screen",
    {
      address: LISTED,
    },
  );
  await s.paid(
    c,
    "POST /api/workflows/compliance/batch-wallet-screen (0.10, over the settled history)",
    {
      method: "POST",
      target: "/api/workflows/compliance/batch-wallet-screen",
      headers: JSON_TYPE,
      body: JSON.stringify({ addresses: [LISTED, CLEAR] }),
    },
  );
  const id = headerOf(screened.res, "x-payment-id");
  if (id !== undefined) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const receipt = JSON.parse((await send(s.origin, { target: `/api/payments/${id}` })).body);
      if (receipt.data?.status === "settled") break;
      if (Date.now() > deadline) throw new Error(`payment ${id} not settled within 120 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await s.call(c, "GET /api/payments/{the screening's payment id} (settled)", {
      target: `/api/payments/${id}`,
    });
  }
}

async function main() {
  // Settlement before the answer (the default).
  const before = await startService(root);
  started.push(before);
  const norm = await normalizerFor(before);
  recorder = recorderOf(norm);
  const [payerKey] = await payersOf(before);
  const s = sessionOf(before, payerKey);
  console.error(`capture: ${root}'s service at ${before.url}`);
  await captureFree(s);
  await captureUnpaid(s);
  await captureRefusals(s);
  const { attestation } = await capturePaid(s);
  await captureAttestations(s, attestation);
  await captureMcp(s);
  await before.stop();

  // Settlement after the answer.
  const after = await startService(root, { X402_SETTLEMENT: "after-response" });
  started.push(after);
  recorder.use(await normalizerFor(after));
  const [deferredPayer] = await payersOf(after);
  console.error(`capture: service (settlement after the answer) at ${after.url}`);
  await captureDeferred(sessionOf(after, deferredPayer), deferredPayer);
  await after.stop();

  // The stdio MCP app (free tools, no payment).
  recorder.use(normalizerOf({ serviceUrl: "http://127.0.0.1:1", nowMs }));
  await captureStdioMcp(root, recorder, started, { listed: LISTED, clear: CLEAR });

  const capture = {
    about:
      "Wire capture of the service (scripts/wire-capture): one entry per request, in the order sent; values masked as `masks` says.",
    masks: MASKS,
    counts: recorder.counts,
    entries: recorder.entries,
  };
  mkdirSync(dirname(resolve(out)), { recursive: true });
  writeFileSync(out, `${JSON.stringify(capture, null, 2)}\n`);
  console.error(
    `capture: ${Object.keys(recorder.entries).length} entries (${Object.entries(recorder.counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}) written to ${out}`,
  );
}

try {
  await main();
} catch (error) {
  console.error(`capture failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
process.exit();
