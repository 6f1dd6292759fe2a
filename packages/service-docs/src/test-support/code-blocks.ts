/** What `html` escapes in an interpolated value, and back (`&amp;` last: it escapes the others). */
const ENTITIES: readonly [string, string][] = [
  ["&lt;", "<"],
  ["&gt;", ">"],
  ["&quot;", '"'],
  ["&#39;", "'"],
  ["&amp;", "&"],
];

/**
 * The text of a page's `<pre class="className"><code>…</code></pre>` blocks, unescaped: the
 * code a reader copies from the page (the tests run what they extract, not what the generator
 * meant to print).
 */
export function codeBlocksOf(page: string, className: string): string[] {
  const pattern = new RegExp(`<pre class="${className}"><code>([\\s\\S]*?)</code></pre>`, "g");
  return [...page.matchAll(pattern)].map((m) =>
    ENTITIES.reduce((text, [entity, char]) => text.replaceAll(entity, char), m[1] as string),
  );
}
