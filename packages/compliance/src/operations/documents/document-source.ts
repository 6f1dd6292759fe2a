/** What document-generation answers carry as their source (rendered here, not fetched). */
export const DOCUMENT_SOURCE = "auto-local-engine";
