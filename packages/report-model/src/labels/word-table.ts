/**
 * Words a compliance memo spells its own way: acronyms and units in capitals, digests by their
 * standard names. Keys are lower case; everything else is in sentence case.
 */
export const LABEL_WORDS: Readonly<Record<string, string>> = {
  id: "ID",
  ids: "IDs",
  uid: "UID",
  uuid: "UUID",
  url: "URL",
  urls: "URLs",
  uri: "URI",
  api: "API",
  sdn: "SDN",
  ofac: "OFAC",
  edd: "EDD",
  kyc: "KYC",
  aml: "AML",
  cft: "CFT",
  cfr: "CFR",
  usd: "USD",
  usdc: "USDC",
  usdt: "USDT",
  sha256: "SHA-256",
  sha1: "SHA-1",
  sha512: "SHA-512",
  evm: "EVM",
  xml: "XML",
  json: "JSON",
  csv: "CSV",
  pdf: "PDF",
  docx: "DOCX",
  xlsx: "XLSX",
  utc: "UTC",
  iso: "ISO",
  mcp: "MCP",
  http: "HTTP",
};

/** `p50`, `p90`, `p99`: percentiles, always in capitals. */
export const PERCENTILE = /^p\d{1,2}$/;
