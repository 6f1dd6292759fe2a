// Every value the capture masks, in one place. Two runs of the same code must give the same file,
// so what changes from one run to the next (the clock, random nonces, ports, signatures) is
// replaced by a placeholder naming what it was; everything else is kept as the service sent it.
// Each rule is as narrow as it can be: a rule that masks too much hides the changes the capture
// is for.

/** The placeholders, and what each one replaces (printed into the capture's header). */
export const MASKS = {
  "{service}": "the service's base URL, http://127.0.0.1:<port> (a free port each run)",
  "{service-host}": "the service's host:port without the scheme (Host echoes)",
  "{anvil}": "the local chain's RPC URL, http://127.0.0.1:<port> (a free port each run)",
  "{now-datetime}":
    "a date-time (ISO-8601, or YYYY-MM-DD HH:MM[:SS] as documents print it) within 3 days of the run (issuedAt, refreshedAt, …)",
  "{now-http-date}": "an HTTP date within 3 days of the run (the Date header)",
  "{today}": "a bare date (YYYY-MM-DD) within 3 days of the run",
  "{now-epoch-s}":
    "an integer (or integer string) of Unix seconds within 3 days of the run (validBefore, iat, exp)",
  "{now-epoch-ms}": "an integer of Unix milliseconds within 3 days of the run",
  "{hash32}": "0x and 64 hex digits: transaction hashes and EIP-3009 nonces",
  "{signature65}": "0x and 130 hex digits: EIP-712 (payment) signatures",
  "{payment-id}": "pay_ and 32 hex digits: a payment's id",
  "{uuid}": "a UUID: request ids",
  "{sha256}":
    "64 hex digits that are not a dataset SHA-256 of the list: an attestation's fingerprint (the SHA-256 of its JWS)",
  "{sha256-printed}":
    "an attestation's fingerprint as documents print it: 8 to 16 groups of 4 hex digits (not part of a dataset SHA-256)",
  "{sha1}": "the 40 hex digits naming a DOCX's embedded image (the attestation's QR code)",
  "{jws-signature}":
    "the signature part of a compact JWS; its header and claims are decoded and kept (as `jws`), masked by these same rules",
  "{volatile}":
    "members whose value is a measure of this run: ageHours, durationMs, elapsedMs, settlementMs",
  "{number}": "every number of /dev/stats.json (memory, event-loop delay, render counters)",
  "{body-length}":
    "a Content-Length equal to the length of the body received (the body itself is compared; a paid answer's attestation is a few bytes longer or shorter each run); any other Content-Length (HEAD) is kept",
  jsonText:
    "a string that is JSON text (an MCP result's text content) is recorded parsed, with its formatting, so these rules reach inside it",
  "sizeBytes → A-B KiB": "a document's sizeBytes member, as the power-of-two range it falls in",
  "{document}":
    "a PDF, DOCX or XLSX (base64 in JSON, or a binary body): its kind, size range (power of two), pages (PDF) or parts (zip) and text instead of bytes",
};

/** Members whose value measures the run (an age, a duration), masked wherever they appear. */
const VOLATILE_MEMBERS = new Set(["ageHours", "durationMs", "elapsedMs", "settlementMs"]);

/** How far from the run a date may be to count as "now". */
const NOW_WINDOW_MS = 3 * 86_400_000;

/**
 * The masking of one run: the service's and the chain's origins, the run's time, and the hex
 * digests that are not volatile (the list's dataset SHA-256s, learned from the service).
 */
export function normalizerOf({ serviceUrl, anvilUrl, nowMs = Date.now(), stableSha256 = [] }) {
  const stable = new Set(stableSha256.map((s) => s.toLowerCase()));
  const near = (ms) => Math.abs(ms - nowMs) <= NOW_WINDOW_MS;
  const serviceHost = new URL(serviceUrl).host;

  const maskString = (s) => {
    let out = s;
    if (anvilUrl !== undefined) out = out.split(anvilUrl).join("{anvil}");
    out = out.split(serviceUrl).join("{service}");
    out = out.split(encodeURIComponent(serviceUrl)).join(encodeURIComponent("{service}"));
    out = out.split(serviceHost).join("{service-host}");
    out = out.replace(
      /\b(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?/g,
      (m, y, mo, d, h, mi) =>
        near(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)))
          ? "{now-datetime}"
          : m,
    );
    out = out.replace(
      /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g,
      (m) => (near(Date.parse(m)) ? "{now-http-date}" : m),
    );
    out = out.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (m) =>
      near(Date.parse(`${m}T12:00:00Z`)) ? "{today}" : m,
    );
    out = out.replace(/\b0x[0-9a-fA-F]{130}\b/g, "{signature65}");
    out = out.replace(/\b0x[0-9a-fA-F]{64}\b/g, "{hash32}");
    out = out.replace(/\bpay_[0-9a-f]{32}\b/g, "{payment-id}");
    out = out.replace(
      /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
      "{uuid}",
    );
    out = out.replace(/(?<![0-9a-zA-Z])[0-9a-fA-F]{64}(?![0-9a-zA-Z])/g, (m) =>
      stable.has(m.toLowerCase()) ? m : "{sha256}",
    );
    out = out.replace(/(?<![0-9a-zA-Z])[0-9a-f]{4}(?: [0-9a-f]{4}){7,15}(?![0-9a-zA-Z])/g, (m) => {
      const digits = m.replaceAll(" ", "");
      return [...stable].some((sha) => sha.includes(digits)) ? m : "{sha256-printed}";
    });
    return out;
  };

  const maskNumber = (n) => {
    if (!Number.isInteger(n)) return n;
    if (n > 1e9 && n < 1e10 && near(n * 1000)) return "{now-epoch-s}";
    if (n > 1e12 && n < 1e13 && near(n)) return "{now-epoch-ms}";
    return n;
  };

  /** A JSON value with every rule applied; a compact JWS is decoded and its signature masked. */
  const value = (v, member) => {
    if (member !== undefined && VOLATILE_MEMBERS.has(member) && v !== null) return "{volatile}";
    if (member === "sizeBytes" && typeof v === "number") return sizeBucket(v);
    if (typeof v === "number") return maskNumber(v);
    if (typeof v === "string") {
      if (/^\d{10}$|^\d{13}$/.test(v)) {
        const masked = maskNumber(Number(v));
        if (typeof masked === "string") return masked;
      }
      const json = jsonTextOf(v);
      if (json !== undefined) return { jsonText: value(json.parsed), formatting: json.formatting };
      const jws = decodeJws(v);
      if (jws !== undefined) {
        return {
          jws: {
            header: value(jws.header),
            claims: value(jws.claims),
            signature: "{jws-signature}",
          },
        };
      }
      return maskString(v);
    }
    if (Array.isArray(v)) return v.map((x) => value(x));
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [maskString(k), value(x, k)]));
    }
    return v;
  };

  return { string: maskString, value };
}

/** How a JSON text was written: compact, indented (by how much), or otherwise. */
export function formattingOf(text, parsed) {
  if (text === JSON.stringify(parsed)) return "compact";
  for (const indent of [2, 4, "\t"]) {
    const pretty = JSON.stringify(parsed, null, indent);
    if (text === pretty) return `indent ${JSON.stringify(indent)}`;
    if (text === `${pretty}\n`) return `indent ${JSON.stringify(indent)}, final newline`;
  }
  return "other";
}

/** A string that is a JSON object or array, parsed; undefined for any other string. */
function jsonTextOf(s) {
  if (!/^\s*[[{]/.test(s)) return undefined;
  try {
    const parsed = JSON.parse(s);
    return parsed !== null && typeof parsed === "object"
      ? { parsed, formatting: formattingOf(s, parsed) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A compact JWS whose header and payload are JSON, decoded; undefined for anything else. */
function decodeJws(s) {
  const m = /^(eyJ[\w-]*)\.(eyJ[\w-]*)\.([\w-]+)$/.exec(s.replace(/\s+/g, ""));
  if (m === null) return undefined;
  try {
    const part = (b64) => JSON.parse(Buffer.from(b64, "base64url").toString("utf8"));
    return { header: part(m[1]), claims: part(m[2]) };
  } catch {
    return undefined;
  }
}

/** Every number of a value replaced by `{number}` (a body that only its shape is stable in). */
export const numbersMasked = (v) =>
  typeof v === "number"
    ? "{number}"
    : Array.isArray(v)
      ? v.map(numbersMasked)
      : v !== null && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, numbersMasked(x)]))
        : v;

/**
 * A document's size as the power-of-two range it falls in: the time and the attestation printed
 * in it move it by a few bytes each run, which a finer bucket (KiB) would sometimes cross.
 */
export function sizeBucket(bytes) {
  const kib = bytes / 1024;
  if (kib < 1) return "under 1 KiB";
  const low = 2 ** Math.floor(Math.log2(kib));
  return `${low}-${low * 2} KiB`;
}
