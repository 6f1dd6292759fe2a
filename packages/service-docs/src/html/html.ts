import { html as honoHtml, raw } from "hono/html";

/**
 * HTML that is already safe to send: produced only by the `html` template (which escapes every
 * value it interpolates) or by `trustedHtml` for constant markup such as the stylesheet. Keeping
 * it a distinct type means an echoed string (a description, an example, the Host header, a
 * query parameter) can never reach a page unescaped by accident.
 */
export type SafeHtml = ReturnType<typeof raw>;

/**
 * What a template hole accepts: text (escaped), safe HTML (kept), lists of either, or nothing
 * (`null`, `undefined`, `false`). No promises: a page is rendered in one synchronous pass.
 */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | false
  | null
  | undefined
  | readonly HtmlValue[];

/**
 * Tagged template (hono's `html`): the literal parts are markup, every interpolated value is
 * escaped (`& < > " '`), safe HTML is kept as it is and lists are flattened.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  const out = honoHtml(strings, ...values);
  // Only a promise among the values makes hono's template asynchronous, and none is accepted.
  if (out instanceof Promise) throw new TypeError("a page is rendered synchronously");
  return out;
}

/** Marks constant markup written in this codebase (never request or catalog data) as safe. */
export const trustedHtml = (markup: string): SafeHtml => raw(markup);
