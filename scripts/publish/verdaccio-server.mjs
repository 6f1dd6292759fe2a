// The local registry, in its own process: verdaccio's server on a free loopback port, which it
// prints as one JSON line ({"port"}) once it listens. (verdaccio's own command line refuses
// Node 20; its server runs there, which is all this check needs.)
import { parseConfigFile, runServer } from "verdaccio";

const [configPath] = process.argv.slice(2);
if (configPath === undefined) throw new Error("usage: verdaccio-server.mjs <config>");
const server = await runServer(parseConfigFile(configPath));
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
// The check holds this process's stdin: when the check is gone, so is the registry.
process.stdin.on("close", () => process.exit(0));
process.stdin.resume();
