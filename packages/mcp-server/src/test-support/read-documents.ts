export { pdfText } from "@svc/test-support/pdf-text";

/** The embedded resources of a tool result. */
export const resourcesOf = (result: object) =>
  (
    ("content" in result && Array.isArray(result.content) ? result.content : []) as {
      type: string;
      resource?: { uri: string; mimeType: string; blob: string };
    }[]
  )
    .filter((c) => c.type === "resource")
    .map((c) => c.resource as { uri: string; mimeType: string; blob: string });
