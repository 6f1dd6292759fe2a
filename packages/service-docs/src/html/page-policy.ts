/**
 * A page that can only do what it shows: no scripts, no frames, no outside fetches, styles only
 * from its own inline stylesheet. Escaping is the defence; this policy is the second one, should
 * an escape ever be missed. Every page of this package is sent with it.
 */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
