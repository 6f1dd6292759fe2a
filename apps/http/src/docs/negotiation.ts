import type { Context } from "hono";
import { accepts } from "hono/accepts";

export type Representation = "html" | "json";

/** The ranges of an Accept header as hono parses them (type, params, quality). */
type AcceptRanges = Parameters<NonNullable<Parameters<typeof accepts>[1]["match"]>>[0];

const isHtml = (type: string) => type === "text/html" || type === "application/xhtml+xml";
const isJson = (type: string) => type === "application/json" || type.endsWith("+json");

/** The highest quality the header gives a media type of one representation (0 when none). */
const qualityOf = (ranges: AcceptRanges, test: (type: string) => boolean): number =>
  ranges.reduce((best, r) => (test(r.type.toLowerCase()) ? Math.max(best, r.q) : best), 0);

/**
 * HTML or JSON for a page that has both. `?format=json|html` decides when present (links can
 * name a representation); otherwise the Accept header does, comparing the explicit qualities of
 * HTML (`text/html`, `application/xhtml+xml`) and JSON (`application/json`, `*+json`). Wildcards
 * prefer neither, and neither do equal qualities, so a browser gets HTML, `curl` (`*\/*`) gets
 * `fallback`, and a JSON client asking for JSON gets it.
 *
 * hono's `accepts` reads and parses the header; the rule is this one, not hono's default match,
 * which does not count `*+json` types as JSON, lets `text/*` pick HTML, and breaks ties by the
 * order of the header (the negotiation table in the tests holds all three).
 */
export function representationOf(c: Context, fallback: Representation): Representation {
  const format = c.req.query("format");
  if (format === "json" || format === "html") return format;
  const chosen = accepts(c, {
    header: "Accept",
    supports: ["html", "json"],
    default: fallback,
    match: (ranges, { default: tie }) => {
      const html = qualityOf(ranges, isHtml);
      const json = qualityOf(ranges, isJson);
      return html > json ? "html" : json > html ? "json" : tie;
    },
  });
  return chosen === "json" ? "json" : "html";
}
