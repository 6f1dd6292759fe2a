// A real load balancer for the scale-out tests: Debian's HAProxy in front of the service's
// replicas, round robin, on a free loopback port, stopped and cleaned up by `stop()`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BINARIES = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"];

/** The haproxy binary, or an error that says how to get it (CI installs Debian's). */
function haproxyBinary() {
  const found = BINARIES.find((path) => existsSync(path));
  if (found === undefined) {
    throw new Error(
      `haproxy is not installed (looked in ${BINARIES.join(", ")}): apt-get install haproxy`,
    );
  }
  return found;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * Starts HAProxy on 127.0.0.1 balancing HTTP round robin over `backends` (`http://host:port`
 * URLs), and resolves once it accepts connections (within 10 s).
 */
export async function startHaproxy(backends) {
  const binary = haproxyBinary();
  const dir = await mkdtemp(join(tmpdir(), "svc-haproxy-"));
  const port = await freePort();
  const servers = backends.map((url, i) => `  server replica${i + 1} ${new URL(url).host}`);
  const config = [
    "global",
    "  maxconn 512",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 60s",
    "  timeout server 60s",
    "frontend service",
    `  bind 127.0.0.1:${port}`,
    "  default_backend replicas",
    "backend replicas",
    "  balance roundrobin",
    ...servers,
    "",
  ].join("\n");
  const file = join(dir, "haproxy.cfg");
  await writeFile(file, config);
  const child = spawn(binary, ["-f", file, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
