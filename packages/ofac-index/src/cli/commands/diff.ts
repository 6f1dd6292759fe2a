import { diffEditions } from "../../diff/diff-editions.js";
import { UsageError } from "../cli-error.js";
import { defineCommand } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { assertOneStdin, loadEditionFile, sampleNotice } from "../load-edition.js";

/** Added, removed and republished (ticker, address) pairs between two editions, as JSON. */
export const diffCommand = defineCommand(
  {
    name: "diff",
    summary: "compare two editions: added, removed, republished and changed pairs, as JSON",
    synopsis: "OLD NEW",
    description:
      "Compares two editions and prints, as JSON, the (ticker, address) pairs NEW adds, those it removes and those it republishes, with a summary of the counts.",
    arguments: [
      ["OLD", "the earlier edition: an SDN Advanced XML (.xml, .xml.gz), a snapshot, or -"],
      ["NEW", "the later edition, the same way (only one of OLD and NEW may be -)"],
    ],
    options: {},
    exitCodes: [
      [EXIT.OK, "compared (whether or not the editions differ)"],
      [EXIT.FAILURE, 'an edition does not load: "ofac-index: CODE: message" on stderr'],
      [EXIT.USAGE, "usage error: not exactly OLD and NEW, or - for both"],
    ],
  },
  async (_values, files) => {
    if (files.length !== 2) throw new UsageError("diff needs OLD and NEW", "diff");
    assertOneStdin(files, "diff");
    const [from, to] = await Promise.all([
      loadEditionFile(files[0] as string),
      loadEditionFile(files[1] as string),
    ]);
    const diff = diffEditions(from, to);
    sampleNotice(from);
    sampleNotice(to);
    process.stdout.write(`${JSON.stringify(diff, null, 2)}\n`);
    return EXIT.OK;
  },
);
