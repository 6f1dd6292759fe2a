/**
 * An icon as MCP gives it (`Icon` on the handshake's serverInfo, on tools, in the server card and
 * in the registry's server.json): where it is, its type, and the sizes it fits.
 */
export interface Icon {
  readonly src: string;
  readonly mimeType: string;
  readonly sizes: string[];
}

/** The icon's type: SVG, drawn for any size. */
const ICON_MIME_TYPE = "image/svg+xml";

/** Where the API serves the icon: beside the tool server's endpoint (`/mcp`), at a stable path. */
export const ICON_PATH = "/mcp/icon.svg";

/**
 * The same icon as a PNG (every MCP client takes PNG; SVG is optional for them), drawn from
 * `ICON_SVG` by scripts/render-icon-png.mjs, and where the API serves it.
 */
export const ICON_PNG_PATH = "/mcp/icon.png";
export const ICON_PNG_SIZE = 128;

/**
 * The tool server's icon: a shield with a check mark, self-drawn, 64×64, two paths, no script, no
 * external reference, readable on light and dark backgrounds alike.
 */
export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
  '<path fill="#1f4e79" stroke="#fff" stroke-width="2" d="M32 3 7 12v18c0 15.5 10.5 27 25 31 14.5-4 25-15.5 25-31V12z"/>' +
  '<path fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" d="m19 32 9 9 17-18"/>' +
  "</svg>";

/**
 * The icon inline, as a base64 `data:` URI: the handshake (`serverInfo` of `initialize` and
 * `server/discover`) carries it this way, so a client shows it over stdio and offline, where no
 * URL of this service exists. Tools carry none: the same icon on each of them was most of a
 * listing that goes whole into a model's context.
 */
const ICON_DATA_URI = `data:${ICON_MIME_TYPE};base64,${Buffer.from(ICON_SVG, "utf8").toString("base64")}`;

/** The handshake's `serverInfo.icons`. */
export const SERVER_ICONS: Icon[] = [
  { src: ICON_DATA_URI, mimeType: ICON_MIME_TYPE, sizes: ["any"] },
];

/**
 * The icon at the URLs the API serves it on `baseUrl`, as SVG and PNG: the server card and
 * server.json name it so (the registry takes an HTTPS URL, not a `data:` URI). The handshake
 * carries only the SVG inline: a PNG there would add 4 KB to it and, on 2026-07-28, to every
 * answer (the server's identity rides on each).
 */
export const iconsAt = (baseUrl: string): Icon[] => [
  { src: `${baseUrl}${ICON_PATH}`, mimeType: ICON_MIME_TYPE, sizes: ["any"] },
  {
    src: `${baseUrl}${ICON_PNG_PATH}`,
    mimeType: "image/png",
    sizes: [`${ICON_PNG_SIZE}x${ICON_PNG_SIZE}`],
  },
];
