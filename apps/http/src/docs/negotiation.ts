export type Representation = "html" | "json";

/** The highest quality the Accept header gives a media type matching `test` (0 when none). */
function qualityOf(accept: string, test: (type: string) => boolean): number {
  let best = 0;
  for (const range of accept.split(",")) {
    const [type = "", ...params] = range.split(";").map((s) => s.trim().toLowerCase());
    if (!test(type)) continue;
    const q = params.find((p) => p.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(quality)) best = Math.max(best, quality);
  }
  return best;
}

/**
 * HTML or JSON for a page that has both. `?format=json|html` decides when present (links can
 * name a representation); otherwise the Accept header does, comparing the explicit qualities of
 * text/html and JSON (`application/json`, `*+json`). Wildcards prefer neither, so a browser gets
 * HTML, `curl` (`*\/*`) gets `fallback`, and a JSON client asking for JSON gets it.
 */
export function negotiate(
  format: string | undefined,
  accept: string | undefined,
  fallback: Representation,
): Representation {
  if (format === "json" || format === "html") return format;
  const header = accept ?? "";
  const htmlQ = qualityOf(header, (t) => t === "text/html" || t === "application/xhtml+xml");
  const jsonQ = qualityOf(header, (t) => t === "application/json" || t.endsWith("+json"));
  if (htmlQ > jsonQ) return "html";
  if (jsonQ > htmlQ) return "json";
  return fallback;
}
