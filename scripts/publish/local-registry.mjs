import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CheckFailure } from "./steps.mjs";

const SERVER = join(dirname(fileURLToPath(import.meta.url)), "verdaccio-server.mjs");
const START_LIMIT_MS = 30_000;

/**
 * Starts verdaccio on 127.0.0.1 (a free port) with its storage in `dir`: only the @svc scope
 * lives there (no uplinks), anyone may read it, and a user created here may publish.
 * Resolves `{ url, token, stop }`.
 */
export async function startLocalRegistry(dir, env) {
  mkdirSync(join(dir, "storage"), { recursive: true });
  const config = join(dir, "config.yaml");
  // JSON is YAML.
  writeFileSync(
    config,
    JSON.stringify({
      storage: join(dir, "storage"),
      auth: { htpasswd: { file: join(dir, "htpasswd"), max_users: 10 } },
      uplinks: {},
      packages: { "@svc/*": { access: "$all", publish: "$authenticated" } },
      web: { enable: false },
      max_body_size: "50mb",
      log: { type: "stdout", format: "pretty", level: "error" },
    }),
  );
  const child = spawn(process.execPath, [SERVER, config], {
    cwd: dir,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });
  let log = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    log += chunk;
  });
  try {
    const port = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new CheckFailure("verdaccio did not start within 30 s", log)),
        START_LIMIT_MS,
      );
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk) => {
        out += chunk;
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line === undefined) return;
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new CheckFailure(`verdaccio exited ${code} before listening`, `${out}${log}`));
      });
    });
    const url = `http://127.0.0.1:${port}/`;
    const token = await createUser(url);
    return { url, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function createUser(url) {
  const name = "publish-check";
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: "publish-check-only" }),
  });
  const body = await response.json();
  if (!response.ok || typeof body.token !== "string") {
    throw new CheckFailure(`the local registry refused a user (${response.status})`, body);
  }
  return body.token;
}

/** The npmrc lines that send the @svc scope, and only it, to the local registry. */
export function scopeNpmrc(url, token) {
  const host = url.replace(/^http:/, "");
  return `@svc:registry=${url}\n${token === undefined ? "" : `${host}:_authToken=${token}\n`}`;
}
