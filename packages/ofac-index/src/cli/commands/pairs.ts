import { UsageError } from "../cli-error.js";
import { defineCommand } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { EDITION_ARGUMENT, loadList, sampleNotice } from "../load-list.js";

/** Sorted unique `TICKER<TAB>address` lines: the form of the public peer lists. */
export const pairsCommand = defineCommand(
  {
    name: "pairs",
    summary: "print an edition's sorted unique TICKER<TAB>address lines",
    synopsis: "FILE",
    description:
      "Prints the edition's digital currency addresses as sorted unique TICKER<TAB>address lines (the address in its canonical form), the form of the public peer lists.",
    arguments: [EDITION_ARGUMENT],
    options: {},
    exitCodes: [
      [EXIT.OK, "printed"],
      [EXIT.FAILURE, 'the edition does not load: "ofac-index: CODE: message" on stderr'],
      [EXIT.USAGE, "usage error: no FILE, or more than one"],
    ],
  },
  async (_values, files) => {
    if (files.length !== 1) throw new UsageError("pairs needs exactly one FILE", "pairs");
    const index = await loadList(files[0] as string);
    sampleNotice(index);
    process.stdout.write(
      index
        .pairs()
        .map(([t, a]) => `${t}\t${a}\n`)
        .join(""),
    );
    return EXIT.OK;
  },
);
