import type { SdnIndex } from "../../index/sdn-index.js";
import { SnapshotStore } from "../../io/snapshot-store.js";
import { UsageError } from "../cli-error.js";
import { defineCommand } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadEditionFile, sampleNotice } from "../load-edition.js";
import { byteProgress } from "../progress.js";
import { editionInfo } from "./info.js";

/** Parses an XML edition and stores it as a snapshot (skipped if that edition is stored). */
export const buildCommand = defineCommand(
  {
    name: "build",
    summary: "store an XML edition as a snapshot, a FILE the others read fast",
    synopsis: "XML [--out DIR]",
    description:
      "Parses an SDN Advanced XML edition and stores it as a snapshot in DIR, named by its date and SHA-256 (nothing is written when that edition is stored already). Prints the snapshot's path, whether it was created, and the edition's identity and counts, as JSON. A progress bar shows on stderr when it is a terminal.",
    arguments: [["XML", "the edition: an SDN Advanced XML (.xml or .xml.gz), or - for stdin"]],
    options: {
      out: {
        type: "string",
        value: "DIR",
        default: "snapshots",
        help: "the folder to store the snapshot in (created if missing; default ./snapshots)",
      },
    },
    exitCodes: [
      [EXIT.OK, "stored, or found stored already (created: false)"],
      [
        EXIT.FAILURE,
        'the edition does not load or cannot be stored: "ofac-index: CODE: message" on stderr',
      ],
      [EXIT.USAGE, "usage error: no XML, or more than one"],
    ],
  },
  async (values, files) => {
    if (files.length !== 1) throw new UsageError("build needs exactly one XML file", "build");
    const progress = byteProgress("reading");
    let index: SdnIndex;
    try {
      index = await loadEditionFile(files[0] as string, { onBytes: progress.update });
    } finally {
      progress.stop();
    }
    const { path, created } = await new SnapshotStore(values.out).put(index, new Date());
    const { byAsset: _byAsset, ...info } = editionInfo(index);
    sampleNotice(index);
    process.stdout.write(`${JSON.stringify({ snapshot: path, created, ...info }, null, 2)}\n`);
    return EXIT.OK;
  },
);
