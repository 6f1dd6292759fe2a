// Opens the embedded ledger in the directory given as the only argument (the built package), says
// `open <pid>` on stdout and holds it until killed: the other process of the lock tests.
import { openLedger } from "../../dist/index.js";

const ledger = await openLedger({ dir: process.argv[2] });
process.stdout.write(`open ${process.pid}\n`);
setInterval(() => {}, 60_000);
process.on("SIGTERM", () => {
  void ledger.close().then(() => process.exit(0));
});
