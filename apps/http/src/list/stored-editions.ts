import type { EditionDiff, SdnIndex } from "@svc/ofac-index";

/** One stored edition, as `GET /api/list/editions` lists it. */
interface StoredEditionSummary {
  readonly datasetDate: string;
  readonly datasetSha256: string;
  readonly addressCount: number;
  /** When the service stored it (ISO 8601), or null for an edition it loaded but did not store. */
  readonly storedAt: string | null;
}

/**
 * The editions behind the free list endpoints: what the service has stored, and the difference
 * between two of them. The service passes its list loader's; without one, the endpoints say
 * which edition is loaded and nothing more.
 */
export interface StoredEditions {
  /** Newest first. */
  storedEditions(): Promise<readonly StoredEditionSummary[]>;
  /**
   * What changed from `from` to `to` (each a SHA-256 or a date; `to` defaults to the loaded
   * edition), or undefined when either is not a stored edition.
   */
  changes(from: string, to: string | undefined): Promise<EditionDiff | undefined>;
  /**
   * The edition of this SHA-256 (lowercase hex), the loaded one or a stored one, or undefined
   * when the service holds none (`POST /api/attestations/verify` re-screens on it).
   */
  edition(datasetSha256: string): Promise<SdnIndex | undefined>;
}
