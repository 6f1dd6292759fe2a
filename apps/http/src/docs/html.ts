/**
 * HTML that is already safe to send: produced only by the `html` template (which escapes every
 * value it interpolates) or by `trustedHtml` for constant markup such as the stylesheet. Keeping
 * it a distinct type means an echoed string (a description, an example, the Host header, a
 * query parameter) can never reach a page unescaped by accident.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What a template hole accepts: text (escaped), safe HTML (kept), lists of either, or nothing. */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly HtmlValue[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for element content and quoted attribute values alike. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

const render = (value: HtmlValue): string => {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
};

/** Tagged template: the literal parts are markup, every interpolated value is escaped. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Marks constant markup written in this codebase (never request or catalog data) as safe. */
export const trustedHtml = (markup: string): SafeHtml => new SafeHtml(markup);
