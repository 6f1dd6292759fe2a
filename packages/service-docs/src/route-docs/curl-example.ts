/** Quotes a string for a POSIX shell: single quotes, with embedded ones closed and reopened. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The first, unpaid call of a route as curl: it shows the 402 and its terms (`-i` prints the
 * PAYMENT-REQUIRED header). Paying needs a signature, so the paid repeat is left to an x402
 * client; the docs say so next to this example.
 */
export function curlExampleOf(method: "GET" | "POST", url: string, body?: unknown): string {
  if (method === "GET") return `curl -i ${shellQuote(url)}`;
  return [
    `curl -i -X POST ${shellQuote(url)}`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(body ?? {}))}`,
  ].join(" \\\n");
}
