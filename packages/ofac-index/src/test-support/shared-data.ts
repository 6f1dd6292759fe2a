import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** `../shared/data/ofac` beside the repository (CI provides it; it is never committed). */
export const OFAC_DATA = fileURLToPath(
  new URL("../../../../../shared/data/ofac/", import.meta.url),
);

if (!existsSync(OFAC_DATA)) {
  throw new Error(
    `real OFAC data not found at ${OFAC_DATA}: tests need ../shared beside the repository`,
  );
}

export const XML = {
  "2024-05-28": `${OFAC_DATA}xml/sdn_advanced_2024-05-28_863828489e.xml.gz`,
  "2025-03-04": `${OFAC_DATA}xml/sdn_advanced_2025-03-04_e1b6b13562.xml.gz`,
  "2025-03-21": `${OFAC_DATA}xml/sdn_advanced_2025-03-21_ab1f3255c9.xml.gz`,
  "2025-11-19a": `${OFAC_DATA}xml/sdn_advanced_2025-11-19_36364b9cd3.xml.gz`,
  "2025-11-19b": `${OFAC_DATA}xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz`,
} as const;

export const DCA_SUBSET_XML = `${OFAC_DATA}xml/sdn_advanced_2025-11-19_3ed6690688.dca-subset.xml`;

/** Peer lists (Brave's CI) made from the same XML commits. */
export const PEER_LISTS = {
  "2024-05-28": `${OFAC_DATA}peer_lists/brave-intl_863828489e_doi2024-05-28/`,
  "2025-11-19b": `${OFAC_DATA}peer_lists/brave-intl_3ed6690688_doi2025-11-19/`,
} as const;

export const SNAPSHOT_INDEX_CSV = `${OFAC_DATA}snapshots/snapshot_index.csv`;
