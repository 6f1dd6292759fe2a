import type { ResourceInfo } from "@x402/core/types";
import {
  type DiscoveryExtension,
  isValidIconUrl,
  isValidServiceName,
  sanitizeTags,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
  validateRouteTemplate,
} from "@x402/extensions/bazaar";

/** What a directory reads of one paid resource: its `resource` and its `bazaar` extension. */
export interface ListingDeclaration {
  /** The route or tool, as the reasons name it. */
  readonly name: string;
  readonly resource: ResourceInfo;
  readonly bazaar: unknown;
}

/**
 * Why a directory would not list a declaration as declared, by @x402/extensions' own rules
 * (those the Bazaar's facilitator applies): the extension's shape (`validateDiscoveryExtensionSpec`),
 * its `info` against its own `schema` (`validateDiscoveryExtension`), its `routeTemplate`
 * (`validateRouteTemplate`), and the service metadata on `resource` where it declares any, which
 * the Bazaar drops field by field where it fails (`isValidServiceName`, `sanitizeTags`,
 * `isValidIconUrl`). Empty: it would be listed as it is.
 */
export function listingProblemsOf(declaration: ListingDeclaration): string[] {
  const problems: string[] = [];
  const { bazaar, resource } = declaration;
  if (typeof bazaar !== "object" || bazaar === null || !("info" in bazaar)) {
    problems.push("no bazaar extension (info and schema)");
  } else {
    const extension = bazaar as DiscoveryExtension & { routeTemplate?: unknown };
    const spec = validateDiscoveryExtensionSpec(extension as unknown as Record<string, unknown>);
    const schema = validateDiscoveryExtension(extension);
    problems.push(...(spec.errors ?? []), ...(schema.errors ?? []));
    const template = extension.routeTemplate;
    if (
      template !== undefined &&
      (typeof template !== "string" || validateRouteTemplate(template) === undefined)
    ) {
      problems.push(`routeTemplate ${JSON.stringify(template)} is not a valid route template`);
    }
  }
  // The service metadata is optional in the spec: a resource that declares none has none to check.
  const declared = [resource.serviceName, resource.tags, resource.iconUrl].some(
    (field) => field !== undefined,
  );
  if (declared) problems.push(...metadataProblemsOf(resource));
  return problems.map((problem) => `${declaration.name}: ${problem}`);
}

/** What the Bazaar would drop of a resource's service metadata (`sanitizeResourceServiceMetadata`). */
function metadataProblemsOf(resource: ResourceInfo): string[] {
  const problems: string[] = [];
  if (!isValidServiceName(resource.serviceName)) {
    problems.push(
      `serviceName ${JSON.stringify(resource.serviceName)} is not 1 to 32 printable ASCII characters`,
    );
  }
  const tags = resource.tags ?? [];
  const kept = sanitizeTags(tags) ?? [];
  if (tags.length === 0 || kept.length !== tags.length) {
    problems.push(
      `tags ${JSON.stringify(tags)} are not 1 to 5 distinct printable ASCII tags of at most 32 characters`,
    );
  }
  if (resource.iconUrl !== undefined && !isValidIconUrl(resource.iconUrl)) {
    problems.push(
      `iconUrl ${JSON.stringify(resource.iconUrl)} is not an http(s) URL on a public host name`,
    );
  }
  return problems;
}

/** Thrown where a paid resource would not be listed as declared: the reasons, every one. */
export class ListingError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `the directory listing of ${problems.length === 1 ? "a paid resource" : "paid resources"} would not validate: ${problems.join("; ")}`,
    );
    this.name = "ListingError";
  }
}

/** Throws `ListingError` with every reason when any declaration would not be listed as declared. */
export function assertListings(declarations: Iterable<ListingDeclaration>): void {
  const problems = [...declarations].flatMap(listingProblemsOf);
  if (problems.length > 0) throw new ListingError(problems);
}
