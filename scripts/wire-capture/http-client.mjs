// The capture's HTTP client: node:http, so that every request goes out as written (any Host, an
// absolute-form target, a declared Content-Length, HEAD and OPTIONS) and every answer is read as
// it came (raw header names, the body's bytes). One connection per request, closed after it, so
// no answer depends on what went before on the same socket.
import http from "node:http";

const agent = new http.Agent({ keepAlive: false });

/** How long one request may take before the capture gives up on it. */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Sends one request to `origin` (http://127.0.0.1:port) and resolves with its status, raw
 * headers (name, value, name, value, …) and body bytes.
 */
export function send(origin, { method = "GET", target, headers = {}, body, chunked = false }) {
  const { hostname, port } = new URL(origin);
  // A body goes with its length declared, as fetch sends it, unless the request is `chunked`.
  const declared =
    body === undefined ||
    chunked ||
    Object.keys(headers).some((h) => h.toLowerCase() === "content-length")
      ? {}
      : { "Content-Length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = http.request({
      agent,
      host: hostname,
      port,
      method,
      path: target,
      headers: { ...headers, ...declared },
      timeout: REQUEST_TIMEOUT_MS,
    });
    req.once("timeout", () => req.destroy(new Error(`${method} ${target}: timed out`)));
    req.once("response", (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.once("end", () =>
        resolve({
          status: res.statusCode,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      res.once("error", reject);
    });
    // A server that refuses a body before reading it (413) may close while it is still being
    // written: the answer, once it came, is what counts.
    req.once("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
