import type { Jwks, SigningKey } from "@svc/attestations";
import type { Attest, ComplianceDeps } from "@svc/compliance";

/** OFAC's sdn_advanced.xml of 2025-11-19 (second publication), beside the repository. */
export const REAL_EDITION: string;
/** When the edition "was refreshed", fixed so the documents are the same on every run. */
export const REFRESHED_AT: Date;
/** Real deps on the real edition (or the edition file given): list, embedded history, renderers. */
export function realEditionDeps(edition?: string): Promise<ComplianceDeps>;

/** Addresses listed in the 2025-11-19 edition, by asset and shape. */
export const LISTED: Readonly<Record<string, string>>;
/** Addresses not in the edition. */
export const CLEAR: Readonly<Record<string, string>>;
/** The EDD memo's and the forecast's ten wallets: eight listed, two clear. */
export const EDD_ADDRESSES: readonly string[];
/** `n` Ethereum addresses no list holds: the first 20 bytes of SHA-256("clear-<i>"). */
export function hashedClear(n: number): string[];
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
/** The review queue's twenty items: four listed wallets, sixteen clear. */
export const REVIEW_ITEMS: readonly {
  readonly address: string;
  readonly exposure_usd: number;
  readonly relationship_tier: "low" | "standard" | "high" | "critical";
  readonly current_queue_position: number;
  readonly last_activity_days: number;
  readonly label: string;
}[];
/** The request bodies of the operations the documents are made through. */
export const REQUESTS: Readonly<Record<DocumentResult, object>>;

/** What a document is made of: the EDD case, or the result whose report it renders. */
export type DocumentResult = "edd" | "wallet" | "batch" | "forecast" | "queue" | "monteCarlo";
/** The most printed pages a reviewer would accept, per result, in every format. */
export const PAGE_BOUNDS: Readonly<Record<DocumentResult, number>>;
/** The pages a signed document's attestation appendix adds to its bound (0 when unsigned). */
export function attestationPages(jws: string | undefined): number;

export interface SetDocument {
  /** `edd-memo.pdf`, `queue-report.xlsx`, …: unique in the set. */
  readonly name: string;
  /** What it is, for a reader: "EDD memo", "Review queue (20 items)", … */
  readonly title: string;
  readonly result: DocumentResult;
  readonly format: "pdf" | "docx" | "xlsx";
  /** The wallets the result screened: each must read whole on one line. */
  readonly addresses: readonly string[];
  /** The most printed pages accepted (`PAGE_BOUNDS`, plus `attestationPages` when signed). */
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
