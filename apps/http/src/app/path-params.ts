/** A path parameter that does not decode: its name (and the raw text, for the message). */
export interface UndecodableParam {
  readonly name: string;
}

/**
 * The path parameters of `template` (`/api/ofac-wallet-screen/:address`) in `pathname`, each
 * percent-decoded strictly: an invalid escape (`%G1`) or bytes that are not UTF-8 (`%FF%FE`, an
 * overlong `%C0%AE`, a lone surrogate `%ED%A0%80`) make the parameter undecodable. The router's
 * own decoding keeps such text as it came, which would screen a string no one typed as if it
 * were an address.
 */
export function decodePathParams(
  template: string,
  pathname: string,
): { ok: true; params: Record<string, string> } | { ok: false; param: UndecodableParam } {
  const want = template.split("/");
  const got = pathname.split("/");
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? "";
    if (!segment.startsWith(":")) continue;
    const name = segment.slice(1);
    try {
      params[name] = decodeURIComponent(got[i] ?? "");
    } catch {
      return { ok: false, param: { name } };
    }
  }
  return { ok: true, params };
}
