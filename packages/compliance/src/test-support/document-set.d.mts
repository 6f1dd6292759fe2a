import type { Jwks, SigningKey } from "@svc/attestations";
import type { Attest, ComplianceDeps } from "@svc/compliance";

/** Real deps on the real edition (or the edition file given): list, embedded history, renderers. */
export function realEditionDeps(edition?: string): Promise<ComplianceDeps>;

/** Addresses listed in the 2025-11-19 edition, by asset and shape. */
export const LISTED: Readonly<Record<string, string>>;
/** Addresses not in the edition. */
export const CLEAR: Readonly<Record<string, string>>;
/** The EDD memo's and the forecast's ten wallets: eight listed, two clear. */
export const EDD_ADDRESSES: readonly string[];
/** The memo's ten wallets and 90 clear Ethereum addresses: a counterparty book of 100. */
export const HUNDRED_ADDRESSES: readonly string[];
/** The bounds for the 100-address memo: PDF pages, DOCX printed pages. */
export const HUNDRED_PAGE_BOUNDS: { readonly pdf: number; readonly docx: number };
/** A fresh key, an attester as a paid call signs with, and the keys documents verify with. */
export function paidSigning(
  baseUrl?: string,
): Promise<{ key: SigningKey; attest: Attest; attestationKeys: Jwks }>;
/** Well-formed addresses near a listed one (clear, with a near match). */
export const NEAR: Readonly<Record<string, string>>;
/** The batch screen's twenty wallets: sixteen listed, four clear, one of them a near miss. */
export const TWENTY_ADDRESSES: readonly string[];
/** The request bodies of the operations the documents are made through. */
export const REQUESTS: Readonly<Record<DocumentResult, object>>;

/** What a document is made of: the EDD case, or the result whose report it renders. */
export type DocumentResult = "edd" | "wallet" | "batch" | "forecast" | "queue" | "monteCarlo";

export interface SetDocument {
  /** `edd-memo.pdf`, `queue-report.xlsx`, …: unique in the set. */
  readonly name: string;
  /** What it is, for a reader: "EDD memo", "Review queue (20 items)", … */
  readonly title: string;
  readonly result: DocumentResult;
  readonly format: "pdf" | "docx" | "xlsx";
  /** The wallets the result screened: each must read whole on one line. */
  readonly addresses: readonly string[];
  /** The most printed pages accepted for its result, plus its attestation appendix's when signed. */
  readonly maxPages: number;
  /** The file name the service gave it. */
  readonly fileName: string;
  readonly bytes: Buffer;
  /** The JWS the document prints in its attestation appendix (a signed screening), or undefined. */
  readonly attestation: string | undefined;
  /** How long the operation that made the file took, in milliseconds. */
  readonly renderMs: number;
}

/**
 * Makes every document of the set on `deps`, one after another; `only` keeps names it matches;
 * `attest` signs the screenings, whose documents then print the attestation appendix;
 * `hundred` adds the 100-wallet EDD memo (PDF and DOCX).
 */
export function documentSet(
  deps: ComplianceDeps,
  options?: { readonly only?: RegExp; readonly attest?: Attest; readonly hundred?: boolean },
): Promise<SetDocument[]>;
