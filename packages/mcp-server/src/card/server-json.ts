import { MCP_PACKAGE, MCP_SERVER } from "../server/server-info.js";
import { type Icon, iconsAt } from "./icons.js";

/** The MCP registry's server.json schema this document follows (the 2025-12-11 revision). */
export const SERVER_JSON_SCHEMA =
  "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** Where the API serves server.json: beside the server card, under `/.well-known/mcp/`. */
export const SERVER_JSON_PATH = "/.well-known/mcp/server.json";

/** Where the source is (server.json `repository`): the forge, its URL, and the server's folder. */
interface SourceRepository {
  readonly url: string;
  /** The forge, e.g. `github`. */
  readonly source: string;
  readonly subfolder?: string | undefined;
}

/** A remote of server.json: the hosted endpoint, streamable HTTP. */
interface ServerJsonRemote {
  readonly type: "streamable-http";
  readonly url: string;
}

/** A package of server.json: where a client gets the server to run it locally, and how it speaks. */
interface ServerJsonPackage {
  readonly registryType: string;
  readonly identifier: string;
  readonly version: string;
  readonly runtimeHint: string;
  readonly transport: { readonly type: "stdio" };
}

/** server.json as this server fills it: the members of the registry's ServerDetail it uses. */
export interface ServerJson {
  readonly $schema: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly version: string;
  readonly websiteUrl: string;
  readonly repository?: SourceRepository;
  readonly icons: Icon[];
  readonly remotes: ServerJsonRemote[];
  readonly packages: ServerJsonPackage[];
}

export interface ServerJsonOptions {
  /** The API's public base URL; the tool server is at `<baseUrl>/mcp`. */
  readonly baseUrl: string;
  /** Where the source is; left out of the document when not given. */
  readonly repository?: SourceRepository | undefined;
}

/**
 * The registry namespace of a server hosted at `baseUrl`: its host in reverse-DNS form
 * (`screen.example.com` → `com.example.screen`), the namespace the host's operator can prove to
 * the registry (domain-based authentication). Characters a name may not hold become `-`.
 */
export const registryNamespaceOf = (baseUrl: string): string =>
  new URL(baseUrl).hostname
    .split(".")
    .reverse()
    .join(".")
    .replace(/[^a-zA-Z0-9.-]/g, "-");

/**
 * `server.json`, the MCP registry's description of this server (schema 2025-12-11): its
 * reverse-DNS name, title, one-line summary and version (the handshake's), the hosted endpoint
 * as a remote (streamable HTTP at `<baseUrl>/mcp`), the published package that runs it locally
 * over stdio, and the icon. Everything comes from the server's identity; nothing is said twice.
 */
export function serverJsonOf(options: ServerJsonOptions): ServerJson {
  const { baseUrl, repository } = options;
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: `${registryNamespaceOf(baseUrl)}/${MCP_SERVER.name}`,
    title: MCP_SERVER.title,
    description: MCP_SERVER.summary,
    version: MCP_SERVER.version,
    websiteUrl: baseUrl,
    ...(repository === undefined
      ? {}
      : {
          repository: {
            url: repository.url,
            source: repository.source,
            ...(repository.subfolder === undefined ? {} : { subfolder: repository.subfolder }),
          },
        }),
    icons: iconsAt(baseUrl),
    remotes: [{ type: "streamable-http", url: `${baseUrl}/mcp` }],
    packages: [
      {
        registryType: MCP_PACKAGE.registryType,
        identifier: MCP_PACKAGE.identifier,
        version: MCP_PACKAGE.version,
        runtimeHint: "npx",
        transport: { type: "stdio" },
      },
    ],
  };
}
