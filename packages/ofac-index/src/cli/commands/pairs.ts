import { defineCommand } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { EDITION_ARGUMENT, loadOneEdition, ONE_EDITION_EXIT_CODES } from "../load-edition.js";

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
    exitCodes: ONE_EDITION_EXIT_CODES,
  },
  async (_values, files) => {
    const index = await loadOneEdition(files, "pairs");
    process.stdout.write(
      index
        .pairs()
        .map(([t, a]) => `${t}\t${a}\n`)
        .join(""),
    );
    return EXIT.OK;
  },
);
