import { type FreeEndpoint, methodOf } from "../service/free-endpoint.js";
import { html, type SafeHtml } from "./html.js";

type Described = Pick<FreeEndpoint, "method" | "path" | "description" | "params" | "query">;

/**
 * Free endpoints in a sentence, comma-separated: a link to a GET that needs nothing more, else its
 * method and path (and query) as code. An endpoint with a path parameter has no address that
 * works for everyone, and a link cannot POST, so neither is ever a link.
 */
export const freeEndpointsHtml = (endpoints: readonly FreeEndpoint[]): SafeHtml =>
  html`${endpoints.map(
    (e, i) =>
      html`${i === 0 ? "" : ", "}${
        methodOf(e) === "GET" && e.query === undefined && e.params === undefined
          ? html`<a href="${e.example}"><code>GET ${e.path}</code></a>`
          : html`<code>${methodOf(e)} ${e.path}${e.query === undefined ? "" : `?${Object.keys(e.query).join("=…&")}=…`}</code>`
      }`,
  )}`;

/** Free endpoints as table rows: the path with its parameters' names, and what it answers. */
export const freeEndpointRowsHtml = (endpoints: readonly Described[]): SafeHtml =>
  html`${endpoints.map((e) => {
    const names = [...Object.keys(e.params ?? {}), ...Object.keys(e.query ?? {})];
    return html`<tr><td><code>${methodOf(e)} ${e.path}</code>${names.length === 0 ? "" : html`<br><span class="muted">${names.join(", ")}</span>`}</td><td>${e.description}</td></tr>`;
  })}`;
