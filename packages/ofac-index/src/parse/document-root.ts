import { OfacIndexError } from "../errors/ofac-index-error.js";

/** Namespaces OFAC has used for SDN Advanced XML (changed in May 2024). */
const SDN_ADVANCED_NAMESPACES: readonly string[] = Object.freeze([
  "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML",
  "http://www.un.org/sanctions/1.0",
]);

/** Checks the root element and returns its namespace URI. */
export function checkRoot(qname: string, attrs: Readonly<Record<string, string>>): string {
  const colon = qname.indexOf(":");
  const local = qname.slice(colon + 1);
  if (local !== "Sanctions") {
    throw new OfacIndexError(
      "NOT_SDN_ADVANCED",
      `not an OFAC SDN Advanced XML document: the root element is <${qname}>, expected <Sanctions>`,
    );
  }
  const nsAttr = colon === -1 ? "xmlns" : `xmlns:${qname.slice(0, colon)}`;
  const namespace = attrs[nsAttr] ?? "";
  if (!SDN_ADVANCED_NAMESPACES.includes(namespace)) {
    throw new OfacIndexError(
      "UNKNOWN_NAMESPACE",
      `unknown SDN Advanced XML namespace "${namespace}"; known: ${SDN_ADVANCED_NAMESPACES.join(", ")}`,
      { details: { namespace } },
    );
  }
  return namespace;
}
