// What the capture keeps of each exchange: the request as sent (summarized), the status, every
// header (sorted by name, raw names kept), and the body: parsed JSON in the order the service
// wrote it (with how it was formatted), text in chunks a diff can point at, a document by what it
// says. Every value goes through the run's normalizer.
import { createHash } from "node:crypto";
import { describeDocument, looksLikeBase64Document } from "./documents.mjs";
import { formattingOf, numbersMasked } from "./normalize.mjs";

/** Headers whose value is base64 JSON (x402 v2): recorded decoded, then masked. */
const BASE64_JSON_HEADERS = new Set(["payment-required", "payment-response", "payment-signature"]);

/** Paths whose JSON body is only stable in shape (each number a measure of this process). */
const SHAPE_ONLY_PATHS = new Set(["/dev/stats.json"]);

/** Base64 documents inside a JSON value, replaced by their description (before masking). */
async function documentsDescribed(v, mask) {
  if (typeof v === "string") {
    const data = /^data:[\w.+/-]+;base64,/.exec(v);
    const b64 = data === null ? v : v.slice(data[0].length);
    if (!looksLikeBase64Document(b64)) return v;
    const described = await describeDocument(Buffer.from(b64, "base64"), mask);
    return described === undefined
      ? v
      : { ...(data === null ? {} : { dataUrl: data[0] }), ...described };
  }
  if (Array.isArray(v)) return Promise.all(v.map((x) => documentsDescribed(x, mask)));
  if (v !== null && typeof v === "object") {
    const entries = await Promise.all(
      Object.entries(v).map(async ([k, x]) => [k, await documentsDescribed(x, mask)]),
    );
    return Object.fromEntries(entries);
  }
  return v;
}

/** Text cut where a diff reads it best: at line ends, and between HTML tags. */
const chunksOf = (text) => text.split(/(?<=\n)|(?<=>)(?=<)/);

export function recorderOf(initial) {
  /** The normalizer of the service being captured (each start has its own ports). */
  let norm = initial;
  const entries = {};
  /** The number of entries recorded under each category. */
  const counts = {};

  async function bodyOf(res, path) {
    const type = headerOf(res, "content-type") ?? "";
    const bytes = res.body;
    if (bytes.length === 0) return { body: "" };
    if (/[/+]json\b/.test(type)) {
      const text = bytes.toString("utf8");
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { body: chunksOf(norm.string(text)), bodyFormatting: "not JSON" };
      }
      const value = norm.value(await documentsDescribed(parsed, norm.string));
      return {
        bodyFormatting: formattingOf(text, parsed),
        body: SHAPE_ONLY_PATHS.has(path) ? numbersMasked(value) : value,
      };
    }
    if (/^text\/|svg|xml|javascript/.test(type)) {
      return { body: chunksOf(norm.string(bytes.toString("utf8"))) };
    }
    const document = await describeDocument(bytes, norm.string);
    if (document !== undefined) return { body: norm.value(document) };
    return {
      body: { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") },
    };
  }

  /** The response's headers, sorted by name (case aside), raw names kept, values masked. */
  function headersOf(res) {
    const pairs = [];
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
    }
    pairs.sort(([a], [b]) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
    );
    const headers = {};
    for (const [name, raw] of pairs) {
      const lower = name.toLowerCase();
      const value = BASE64_JSON_HEADERS.has(lower)
        ? { base64Json: norm.value(decodeBase64Json(raw)) }
        : lower === "content-length" && Number(raw) === res.body.length
          ? "{body-length}"
          : norm.string(raw);
      headers[name] = name in headers ? [headers[name], value].flat() : value;
    }
    return headers;
  }

  return {
    entries,
    counts,
    /**
     * Records one exchange under `category`: `label` names it (unique within the capture),
     * `request` is what was sent (summarized: `body` as text or a description), `res` the answer.
     */
    async record(category, label, request, res) {
      const key = `${category} | ${label}`;
      if (key in entries) throw new Error(`recorded twice: ${key}`);
      const path = (request.target ?? "").split("?")[0];
      entries[key] = {
        request: norm.value(request),
        status: res.status,
        headers: headersOf(res),
        ...(await bodyOf(res, path)),
      };
      counts[category] = (counts[category] ?? 0) + 1;
      return entries[key];
    },
    /** Captures what follows with `next` (another service, on other ports). */
    use(next) {
      norm = next;
    },
    /** Records a message that is not an HTTP exchange (a stdio JSON-RPC answer). */
    async recordValue(category, label, request, value) {
      const key = `${category} | ${label}`;
      if (key in entries) throw new Error(`recorded twice: ${key}`);
      entries[key] = {
        request: norm.value(request),
        answer: norm.value(await documentsDescribed(value, norm.string)),
      };
      counts[category] = (counts[category] ?? 0) + 1;
    },
  };
}

/** A header's value (the first of its name), case aside. */
export function headerOf(res, name) {
  const lower = name.toLowerCase();
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    if (res.rawHeaders[i].toLowerCase() === lower) return res.rawHeaders[i + 1];
  }
  return undefined;
}

export function decodeBase64Json(raw) {
  try {
    return JSON.parse(Buffer.from(raw, "base64").toString("utf8"));
  } catch {
    return { undecodable: raw };
  }
}
