import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** How long one cluster command (initdb, start, stop) may take before the cluster fails. */
const COMMAND_TIMEOUT_MS = 90_000;

/**
 * The PostgreSQL server binaries: the newest /usr/lib/postgresql/<version>/bin with initdb, else
 * `pg_config --bindir`. Missing binaries fail the tests (CI installs Debian's postgresql).
 */
async function postgresBinDir() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] !== undefined) return join(root, versions[0], "bin");
  const bindir = await run("pg_config", ["--bindir"]).then(
    (r) => r.stdout.trim(),
    () => "",
  );
  if (bindir !== "" && existsSync(join(bindir, "initdb"))) return bindir;
  throw new Error(
    "PostgreSQL server binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or " +
      "pg_config --bindir: install Debian's postgresql (apt-get install postgresql; .ci/run does)",
  );
}

/** A TCP port free on 127.0.0.1 a moment ago. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });

/** The numeric id of a user (`id -u`). */
const uidOf = async (user) => Number((await run("id", ["-u", user])).stdout.trim());
const gidOf = async (user) => Number((await run("id", ["-g", user])).stdout.trim());

/**
 * Starts a throwaway PostgreSQL cluster: initdb in a new temporary directory (owned by `nobody`
 * when this process is root, since initdb refuses root), a server on a free 127.0.0.1 port with
 * its socket in that directory. Resolves to its URL and `stop()`, which stops the server and
 * removes the directory. Every step is bounded in time.
 */
export async function startPostgres() {
  const bin = await postgresBinDir();
  const dir = await mkdtemp(join(tmpdir(), "ledger-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chown(dir, await uidOf("nobody"), await gidOf("nobody"));
  const data = join(dir, "data");
  const pgRun = (tool, args) =>
    asRoot
      ? run("runuser", ["-u", "nobody", "--", join(bin, tool), ...args], {
          timeout: COMMAND_TIMEOUT_MS,
        })
      : run(join(bin, tool), args, { timeout: COMMAND_TIMEOUT_MS });

  const stop = async () => {
    try {
      await pgRun("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]);
    } catch {
      // Not started, or pg_ctl failed: end the server by its pid file, if any.
      const pid = Number.parseInt(
        existsSync(join(data, "postmaster.pid"))
          ? (readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0] ?? "")
          : "",
        10,
      );
      if (pid > 0) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await pgRun("initdb", [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    const startOn = (port) =>
      pgRun("pg_ctl", [
        "-D",
        data,
        "-l",
        join(dir, "server.log"),
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        "-w",
        "-t",
        "60",
        "start",
      ]);
    // A port found free may be taken before the server binds it: try again on another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        await startOn(port);
        return {
          url: `postgres://postgres@127.0.0.1:${port}/postgres`,
          dir,
          stop,
          // The server stops (fast shutdown: its connections are closed) and keeps its data.
          pause: async () => {
            await pgRun("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
          },
          // The same data on the same port again.
          resume: async () => {
            await startOn(port);
          },
        };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    const log = existsSync(join(dir, "server.log"))
      ? readFileSync(join(dir, "server.log"), "utf8")
      : "";
    await stop();
    throw new Error(`could not start a PostgreSQL cluster: ${error.message}\n${log}`);
  }
}
