import { createHash } from "node:crypto";
import { OfacIndexError } from "../errors/ofac-index-error.js";
import type { ScannedDocument } from "./assemble-edition.js";
import { checkRoot } from "./document-root.js";
import {
  dcaFeatureTypes,
  entryHead,
  type RawEntry,
  type RawParty,
  type ReferenceTables,
  readDate,
  readEntry,
  readParty,
  readReferenceTables,
} from "./read-records.js";
import { TreeStream } from "./xml-tree.js";

/**
 * Reference scanner: every byte of the document goes through saxes, so any well-formedness
 * error anywhere is refused. About 10× slower than `FastScanner`; tests check that both give
 * identical editions on OFAC's real files, and `parseEdition(..., { mode: "full" })` offers it
 * to callers who want the whole document validated.
 */
export class FullScanner {
  private readonly hash = createHash("sha256");
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private readonly stream: TreeStream;
  private total = 0;
  private namespace = "";
  private datasetDate: string | null = null;
  private tables: ReferenceTables | undefined;
  private dcaTypes: Map<string, string> | undefined;
  private readonly parties: RawParty[] = [];
  private readonly entries: RawEntry[] = [];

  constructor(private readonly maxXmlBytes = 1024 * 1024 * 1024) {
    this.stream = new TreeStream(
      (name, ancestors) => {
        if (ancestors.length === 0) {
          this.namespace = checkRoot(
            this.stream.rootName ?? name,
            this.stream.rootAttributes ?? {},
          );
        }
        if (ancestors.length === 1) return name === "DateOfIssue" || name === "ReferenceValueSets";
        return (
          ancestors.length === 2 &&
          ((ancestors[1] === "DistinctParties" && name === "DistinctParty") ||
            (ancestors[1] === "SanctionsEntries" && name === "SanctionsEntry"))
        );
      },
      (node) => {
        switch (node.name) {
          case "DateOfIssue":
            this.datasetDate = readDate(node);
            break;
          case "ReferenceValueSets":
            this.tables = readReferenceTables(node);
            this.dcaTypes = dcaFeatureTypes(this.tables);
            break;
          case "DistinctParty": {
            if (this.dcaTypes === undefined) {
              throw new OfacIndexError(
                "NOT_SDN_ADVANCED",
                "DistinctParties before ReferenceValueSets",
              );
            }
            const party = readParty(node, this.dcaTypes);
            if (party.features.length > 0) this.parties.push(party);
            break;
          }
          default:
            this.entries.push(readEntry(node));
        }
      },
      "the document",
    );
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    if (this.total > this.maxXmlBytes) {
      throw new OfacIndexError(
        "SIZE_LIMIT",
        `XML larger than the limit of ${this.maxXmlBytes} bytes`,
      );
    }
    this.hash.update(chunk);
    this.stream.write(this.decode(chunk, true));
  }

  end(): ScannedDocument {
    this.stream.write(this.decode(new Uint8Array(0), false));
    if (this.total === 0) throw new OfacIndexError("NOT_SDN_ADVANCED", "the input is empty");
    this.stream.close();
    if (this.datasetDate === null) throw new OfacIndexError("NOT_SDN_ADVANCED", "no DateOfIssue");
    if (this.tables === undefined) {
      throw new OfacIndexError("NOT_SDN_ADVANCED", "no ReferenceValueSets");
    }
    const profiles = new Set(this.parties.map((p) => p.profileId));
    return {
      namespace: this.namespace,
      datasetDate: this.datasetDate,
      tables: this.tables,
      parties: this.parties,
      entries: this.entries.filter((e) => profiles.has(e.profileId)),
      entryHeads: this.entries.map(entryHead),
      xmlBytes: this.total,
      sha256: this.hash.digest("hex"),
    };
  }

  private decode(chunk: Uint8Array, stream: boolean): string {
    try {
      return this.decoder.decode(chunk, { stream });
    } catch (cause) {
      throw new OfacIndexError("MALFORMED_XML", "the document is not valid UTF-8", { cause });
    }
  }
}
