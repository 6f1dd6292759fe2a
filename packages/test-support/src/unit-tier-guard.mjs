// The unit tier's guard (a vitest setup file): a unit test needs nothing but Node. Starting a
// process (anvil, PostgreSQL, LibreOffice, poppler, a browser, a service) or listening on a port
// throws here, naming the tier the test belongs to, so a test that needs more than Node cannot
// hide in the unit tier: it fails until it is named *.e2e.test.ts. Worker threads, in-process
// databases (PGlite in memory) and files (../shared's OFAC editions) are Node's own.
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

const refuse = (what) =>
  function refused() {
    throw new Error(
      `${what} in a unit test: the unit tier runs on Node alone, so a test that starts processes or listens on ports belongs to the e2e tier (name its file *.e2e.test.ts)`,
    );
  };

for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"]) {
  childProcess[name] = refuse(`child_process.${name}`);
}
net.Server.prototype.listen = refuse("listening on a port");
// ESM imports of node:child_process (import { spawn } …) see the replacements too.
syncBuiltinESMExports();
