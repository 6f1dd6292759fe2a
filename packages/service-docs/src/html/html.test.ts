import { describe, expect, it } from "vitest";
import { html, trustedHtml } from "./html.js";

describe("html", () => {
  it("escapes every interpolated value, in content and in attributes", () => {
    const evil = `"><script>alert('x')</script>&`;
    expect(String(html`<a title="${evil}">${evil}</a>`)).toBe(
      `<a title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</a>`,
    );
  });

  it("keeps nested safe HTML and flattens lists; nothing for null, undefined and false", () => {
    const items = ["<a>", "b"].map((x) => html`<li>${x}</li>`);
    expect(String(html`<ul>${items}${null}${undefined}${false}</ul>`)).toBe(
      "<ul><li>&lt;a&gt;</li><li>b</li></ul>",
    );
    expect(String(html`${trustedHtml("<b>ok</b>")} ${0}`)).toBe("<b>ok</b> 0");
  });

  it("escapes the five characters that matter", () => {
    expect(String(html`${`&<>"'`}`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
