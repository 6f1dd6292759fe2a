import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CATALOG } from "@svc/compliance";
import { type PostgresCluster, startPostgres } from "@svc/test-support/postgres-cluster";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadServiceConfig } from "../config/service-config.js";
import {
  type DaemonProcess,
  freeLoopbackPort,
  startDaemon,
} from "../test-support/daemon-process.js";
import {
  DEPLOY,
  deployFile,
  haproxyOnLoopback,
  haproxyServers,
  prometheusConfig,
  prometheusOnLoopback,
  prometheusTargets,
} from "../test-support/deploy-kit.js";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

/**
 * The deployment kit (deploy/) as shipped: the compose file read by a real Compose, the systemd
 * unit by systemd-analyze, and the HAProxy and Prometheus configurations run by the real servers
 * in front of two real replicas (dist/main.js on one PostgreSQL, paid through the local chain):
 * only their addresses are rewritten to loopback ports, and Prometheus's interval to 1 s.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const run = promisify(execFile);
const HAPROXY = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].find((path) => existsSync(path));
const PROMETHEUS = "/usr/bin/prometheus";
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
// A paid GET route on an address, from the catalog.
const op = CATALOG.find((o) => o.method === "GET" && o.path.includes(":address"));
if (op === undefined) throw new Error("the catalog has no GET route on an address");
const paidPath = op.path.replace(":address", LISTED);

/** Waits until `check` returns a value (not undefined), every 250 ms, at most `ms`. */
async function eventually<T>(what: string, ms: number, check: () => Promise<T | undefined>) {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (${String(last)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The shipped compose file resolved by docker-compose (Compose v1.29, Debian's), as an object. */
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  command?: string[];
  volumes?: (string | { source: string; target: string })[];
}
/** A service's bind mounts as source → target, from the short (`src:dst:ro`) or long syntax. */
const mounts = (service: ComposeService | undefined) =>
  new Map(
    (service?.volumes ?? []).map((v) =>
      typeof v === "string" ? (v.split(":").slice(0, 2) as [string, string]) : [v.source, v.target],
    ),
  );
const COMPOSE = deployFile("compose/compose.yaml");
const ENV_EXAMPLE = deployFile("compose/.env.example");
const compose = (args: string[], env: Record<string, string>) =>
  run("docker-compose", ["-f", COMPOSE, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), ...env },
    timeout: 60_000,
  });

describe("deploy/compose/compose.yaml, read by docker-compose", () => {
  /** Settings an operator would give, standing in for the example's placeholders. */
  const operator = {
    POSTGRES_PASSWORD: "s3cret",
    PUBLIC_BASE_URL: "https://svc.example.com",
    PAY_TO: "0x1111111111111111111111111111111111111111",
    SIGNING_KEY: "",
    FACILITATOR_URL: "https://facilitator.example.com",
  };
  let services: Record<string, ComposeService>;
  /** The API replicas: the services built from the kit's Dockerfile. */
  let replicas: [string, ComposeService][];

  beforeAll(async () => {
    const { stdout: key } = await run(process.execPath, [
      fileURLToPath(new URL("../../dist/generate-signing-key.js", import.meta.url)),
    ]);
    operator.SIGNING_KEY = key.trim();
    const { stdout } = await compose(["--env-file", ENV_EXAMPLE, "config"], operator);
    services = (parse(stdout) as { services: Record<string, ComposeService> }).services;
    replicas = Object.entries(services).filter(
      ([, s]) => s.build?.dockerfile === "deploy/docker/Dockerfile",
    );
  }, 60_000);

  it("is valid for docker-compose with the example settings (config -q)", async () => {
    const { stdout, stderr } = await compose(["--env-file", ENV_EXAMPLE, "config", "-q"], {});
    expect(stdout).toBe("");
    expect(stderr).toBe("");
  });

  it("refuses to resolve without the required secrets, naming one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-compose-"));
    try {
      writeFileSync(join(dir, "empty.env"), "");
      await expect(
        compose(["--env-file", join(dir, "empty.env"), "config", "-q"], {}),
      ).rejects.toThrow(/POSTGRES_PASSWORD|PUBLIC_BASE_URL|PAY_TO|SIGNING_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(".env.example names every variable the compose file reads", () => {
    const used = new Set(
      [...readFileSync(COMPOSE, "utf8").matchAll(/\$\{(\w+)/g)].map((m) => m[1] as string),
    );
    const given = new Set(
      [...readFileSync(ENV_EXAMPLE, "utf8").matchAll(/^(\w+)=/gm)].map((m) => m[1] as string),
    );
    expect([...used].filter((name) => !given.has(name))).toEqual([]);
  });

  it("runs two API replicas of the kit's image, each on the postgres service once it is healthy", () => {
    expect(replicas.map(([name]) => name).sort()).toEqual(["api-1", "api-2"]);
    const postgres = services.postgres;
    expect(postgres?.image).toMatch(/^postgres:1[56](\.|$)/);
    expect(postgres?.healthcheck?.test).toContain("pg_isready");
    for (const [name, replica] of replicas) {
      expect(replica.build?.context, name).toBe(resolve(DEPLOY, ".."));
      expect(replica.depends_on?.postgres?.condition, name).toBe("service_healthy");
      const url = new URL(replica.environment?.DATABASE_URL ?? "");
      expect(url.hostname, name).toBe("postgres");
      expect(url.password, name).toBe(operator.POSTGRES_PASSWORD);
      expect(replica.environment?.INSTANCE_ID, name).toBe(name);
    }
  });

  it("gives each replica settings the service accepts in production: metrics on their own port, the ledger on postgres", () => {
    for (const [name, replica] of replicas) {
      const config = loadServiceConfig(replica.environment ?? {});
      expect(config.payments.mode, name).toBe("production");
      expect(config.metrics, name).toEqual({ host: "0.0.0.0", port: expect.any(Number) });
      expect(config.metrics?.port, name).not.toBe(config.port);
      expect(new URL(config.ledger.databaseUrl ?? "").hostname, name).toBe("postgres");
      expect(config.list.official, name).toBe(true);
      expect(config.signing.key, name).toBeDefined();
    }
  });

  it("HAProxy balances over both replicas' API ports, behind their health, with the shipped haproxy.cfg", () => {
    const haproxy = services.haproxy;
    expect(mounts(haproxy).get(deployFile("haproxy/haproxy.cfg"))).toBe(
      "/usr/local/etc/haproxy/haproxy.cfg",
    );
    const shipped = readFileSync(deployFile("haproxy/haproxy.cfg"), "utf8");
    const backends = haproxyServers(shipped, "replicas").map((s) => s.address);
    expect(backends.sort()).toEqual(
      replicas.map(([name, r]) => `${name}:${r.environment?.PORT}`).sort(),
    );
    for (const [name] of replicas) {
      expect(haproxy?.depends_on?.[name]?.condition, name).toBe("service_healthy");
    }
  });

  it("Prometheus scrapes every replica's metrics port, with the shipped prometheus.yml and alerts.yml", () => {
    const prometheus = services.prometheus;
    // Side by side, as prometheus.yml's rule_files (relative to it) expects.
    const mounted = mounts(prometheus);
    const config = mounted.get(deployFile("prometheus/prometheus.yml"));
    expect(config).toBeDefined();
    expect(prometheus?.command).toContain(`--config.file=${config}`);
    for (const rules of prometheusConfig().rule_files ?? []) {
      expect(mounted.get(deployFile(`prometheus/${rules}`)), rules).toBe(
        resolve(config ?? "", "..", rules),
      );
    }
    expect(prometheusTargets(prometheusConfig(), "svc-api").sort()).toEqual(
      replicas.map(([name, r]) => `${name}:${r.environment?.METRICS_PORT}`).sort(),
    );
  });
});

describe("deploy/systemd/svc-api.service", () => {
  const UNIT = deployFile("systemd/svc-api.service");
  /** The unit's `[Service]` settings, a key given twice as all its values. */
  const service = new Map<string, string[]>();
  let section = "";
  for (const line of readFileSync(UNIT, "utf8").split("\n")) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header?.[1] !== undefined) section = header[1];
    const setting = /^(\w+)=(.*)$/.exec(line);
    if (section === "Service" && setting?.[1] !== undefined && setting[2] !== undefined) {
      service.set(setting[1], [...(service.get(setting[1]) ?? []), setting[2]]);
    }
  }
  const one = (key: string) => service.get(key)?.join(" ");

  it("passes systemd-analyze verify (with this machine's node as the unit's interpreter)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-unit-"));
    try {
      const unit = readFileSync(UNIT, "utf8").replace(
        /^ExecStart=\/usr\/bin\/node /m,
        `ExecStart=${process.execPath} `,
      );
      writeFileSync(join(dir, "svc-api.service"), unit);
      const { stdout, stderr } = await run("systemd-analyze", ["verify", "svc-api.service"], {
        cwd: dir,
        timeout: 30_000,
      });
      expect(`${stdout}${stderr}`).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts dist/main.js of the deployed install as User=svc with its env file, restarting on failure", () => {
    expect(one("User")).toBe("svc");
    expect(one("EnvironmentFile")).toBe("/etc/svc-api/env");
    expect(one("ExecStart")).toBe(`/usr/bin/node ${one("WorkingDirectory")}/dist/main.js`);
    expect(one("Restart")).toBe("on-failure");
  });

  it("is hardened, and may write only its state folder, where the ledger and the editions are", () => {
    expect(one("NoNewPrivileges")).toBe("true");
    expect(one("ProtectSystem")).toBe("strict");
    expect(one("PrivateTmp")).toBe("true");
    const writable = one("ReadWritePaths")?.split(/\s+/) ?? [];
    const env = new Map(
      (one("Environment") ?? "").split(/\s+/).map((kv) => kv.split("=") as [string, string]),
    );
    for (const variable of ["LEDGER_DIR", "OFAC_SNAPSHOT_DIR"]) {
      const path = env.get(variable);
      expect(path, variable).toBeDefined();
      expect(
        writable.some((dir) => path?.startsWith(`${dir}/`)),
        variable,
      ).toBe(true);
    }
    expect(writable).toContain(`/var/lib/${one("StateDirectory")}`);
  });
});

describe("deploy/README.md", () => {
  const ROOT = resolve(DEPLOY, "..");
  /** The README's one-line commands in sh blocks that start `tool …`. */
  const commands = (tool: string) =>
    [...readFileSync(deployFile("README.md"), "utf8").matchAll(/```sh\n([\s\S]*?)```/g)]
      .flatMap((block) => (block[1] ?? "").trim().split("\n"))
      .filter((line) => line.startsWith(`${tool} `));

  it("its checks that need no container engine pass as written, from the repository's root (haproxy -c, promtool check config, systemd-analyze verify where /usr/bin/node exists)", async () => {
    const checks = [
      ...commands("haproxy"),
      ...commands("promtool"),
      ...(existsSync("/usr/bin/node") ? commands("systemd-analyze") : []),
    ];
    expect(checks.length).toBeGreaterThanOrEqual(existsSync("/usr/bin/node") ? 3 : 2);
    for (const command of checks) {
      const [tool = "", ...args] = command.split(" ");
      const binary = tool === "haproxy" ? (HAPROXY ?? tool) : tool;
      await expect(
        run(binary, args, { cwd: ROOT, timeout: 30_000 }).then(() => "ok"),
        command,
      ).resolves.toBe("ok");
    }
  });
});

describe("the shipped haproxy.cfg and prometheus.yml, run by the real servers before two replicas", () => {
  let postgres: PostgresCluster;
  let devnet: Devnet;
  const replicas: ServiceProcess[] = [];
  const metricsPorts: number[] = [];
  let haproxy: DaemonProcess;
  let prometheus: DaemonProcess;
  let balancerUrl: string;
  let statsUrl: string;
  let prometheusUrl: string;
  let dir: string;

  beforeAll(async () => {
    if (HAPROXY === undefined) throw new Error("haproxy is not installed: apt-get install haproxy");
    dir = mkdtempSync(join(tmpdir(), "svc-deploy-kit-"));
    [postgres, devnet] = await Promise.all([
      startPostgres(),
      startDevnet({ payers: 1, httpFacilitator: true }),
    ]);
    // One after the other: the first creates the ledger's schema.
    for (const name of ["api-1", "api-2"]) {
      const metricsPort = await freeLoopbackPort();
      metricsPorts.push(metricsPort);
      replicas.push(
        await startServiceProcess(MAIN, {
          PORT: "0",
          METRICS_PORT: String(metricsPort),
          LOG_REQUESTS: "0",
          INSTANCE_ID: name,
          DATABASE_URL: postgres.url,
          FACILITATOR_URL: devnet.facilitatorUrl as string,
          PAY_TO: devnet.payTo,
        }),
      );
    }
    const [apiPort, statsPort, prometheusPort] = [
      await freeLoopbackPort(),
      await freeLoopbackPort(),
      await freeLoopbackPort(),
    ];
    const replicaPort = (i: number) => Number(new URL(replicas[i]?.url ?? "").port);

    const haproxyCfg = join(dir, "haproxy.cfg");
    writeFileSync(
      haproxyCfg,
      haproxyOnLoopback(
        readFileSync(deployFile("haproxy/haproxy.cfg"), "utf8"),
        new Map([
          ["api-1:8402", replicaPort(0)],
          ["api-2:8402", replicaPort(1)],
        ]),
        new Map([
          [":8080", apiPort],
          [":8404", statsPort],
        ]),
      ),
    );
    balancerUrl = `http://127.0.0.1:${apiPort}`;
    statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
    haproxy = await startDaemon(HAPROXY, ["-f", haproxyCfg, "-db"], statsUrl);

    writeFileSync(
      join(dir, "prometheus.yml"),
      prometheusOnLoopback(
        new Map([
          ["api-1:9464", metricsPorts[0] as number],
          ["api-2:9464", metricsPorts[1] as number],
          ["haproxy:8404", statsPort],
        ]),
        "1s",
      ),
    );
    copyFileSync(deployFile("prometheus/alerts.yml"), join(dir, "alerts.yml"));
    prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
    prometheus = await startDaemon(
      PROMETHEUS,
      [
        `--config.file=${join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${join(dir, "tsdb")}`,
        `--web.listen-address=127.0.0.1:${prometheusPort}`,
      ],
      `${prometheusUrl}/-/ready`,
    );
  }, 180_000);

  afterAll(async () => {
    await prometheus?.stop();
    await haproxy?.stop();
    for (const replica of replicas) await replica.stop();
    await devnet?.stop();
    await postgres?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** HAProxy's view of the replicas: status and last check, by server name. */
  const backendState = async () => {
    const csv = await (await fetch(statsUrl)).text();
    const [header, ...rows] = csv.trim().split("\n");
    const columns = (header ?? "").replace(/^# /, "").split(",");
    const col = (row: string[], name: string) => row[columns.indexOf(name)];
    return new Map(
      rows
        .map((r) => r.split(","))
        .filter((r) => col(r, "pxname") === "replicas" && col(r, "svname")?.startsWith("api-"))
        .map((r) => [
          col(r, "svname"),
          { status: col(r, "status"), check: col(r, "check_status") },
        ]),
    );
  };

  const query = async (promql: string): Promise<number | undefined> => {
    const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
    const value = body.data.result[0]?.value[1];
    return value === undefined ? undefined : Number(value);
  };

  it("HAProxy checks both replicas on /ready (HTTP check passed) and takes a paid call through to one", async () => {
    const state = await eventually("both replicas UP", 15_000, async () => {
      const s = await backendState();
      return [...s.values()].filter((v) => v.status === "UP").length === 2 ? s : undefined;
    });
    expect([...state.keys()].sort()).toEqual(["api-1", "api-2"]);
    for (const server of state.values()) expect(server.check).toBe("L7OK");

    const payer = devnet.payers[0];
    if (payer === undefined) throw new Error("the devnet has no payer");
    const before = await devnet.balanceOf(devnet.payTo);
    const paid = await payingNetworkFetch(payer.privateKey)(`${balancerUrl}${paidPath}`);
    expect(paid.status).toBe(200);
    await paid.arrayBuffer();
    await eventually("the payment settled on chain", 30_000, async () =>
      (await devnet.balanceOf(devnet.payTo)) > before ? true : undefined,
    );
  });

  it("Prometheus scrapes both replicas and HAProxy, loads the alert rules, and counts the paid call and its revenue", async () => {
    const targets = await eventually("every target up", 30_000, async () => {
      const res = await fetch(`${prometheusUrl}/api/v1/targets`);
      const body = (await res.json()) as {
        data: { activeTargets: { labels: { job: string; instance: string }; health: string }[] };
      };
      const active = body.data.activeTargets;
      return active.length === 3 && active.every((t) => t.health === "up") ? active : undefined;
    });
    expect(
      targets
        .filter((t) => t.labels.job === "svc-api")
        .map((t) => t.labels.instance)
        .sort(),
    ).toEqual(metricsPorts.map((p) => `127.0.0.1:${p}`).sort());

    const settled = await eventually("sum(svc_payments_settled_total) = 1", 30_000, async () =>
      (await query("sum(svc_payments_settled_total)")) === 1 ? 1 : undefined,
    );
    expect(settled).toBe(1);
    const priceAtomic = Math.round(Number(op.price) * 1e6);
    expect(await query("sum(svc_revenue_atomic_usdc_total)")).toBe(priceAtomic);
    // The call went through HAProxy: its exporter counted it on the replicas' backend.
    expect(
      await query('sum(haproxy_backend_http_responses_total{proxy="replicas",code="2xx"})'),
    ).toBeGreaterThanOrEqual(1);

    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string }[] }[] };
    };
    const shipped = [
      ...readFileSync(deployFile("prometheus/alerts.yml"), "utf8").matchAll(/- alert: (\w+)/g),
    ];
    expect(rules.data.groups.flatMap((g) => g.rules.map((r) => r.name)).sort()).toEqual(
      shipped.map((m) => m[1]).sort(),
    );
  });

  it("replicas whose /ready answers 503 (their database paused) leave HAProxy's rotation on the HTTP check (L7STS), and come back once it answers", async () => {
    await postgres.pause();
    try {
      const down = await eventually("both replicas DOWN on /ready", 20_000, async () => {
        const s = await backendState();
        return [...s.values()].every((v) => v.status?.startsWith("DOWN")) ? s : undefined;
      });
      for (const server of down.values()) expect(server.check).toBe("L7STS");
    } finally {
      await postgres.resume();
    }
    await eventually("both replicas UP again", 30_000, async () => {
      const s = await backendState();
      return [...s.values()].every((v) => v.status === "UP") ? s : undefined;
    });
  });

  it("a stopped replica leaves HAProxy's rotation on its failed check, every call still answers, and Prometheus sees it down", async () => {
    await replicas[1]?.stop();
    const state = await eventually("api-2 DOWN", 20_000, async () => {
      const s = await backendState();
      return s.get("api-2")?.status?.startsWith("DOWN") ? s : undefined;
    });
    expect(state.get("api-1")?.status).toBe("UP");
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => (await fetch(`${balancerUrl}/ready`)).status),
    );
    expect(answers).toEqual(Array(6).fill(200));
    const down = await eventually("up = 0 for the stopped replica", 20_000, async () =>
      (await query(`up{instance="127.0.0.1:${metricsPorts[1]}"}`)) === 0 ? 0 : undefined,
    );
    expect(down).toBe(0);
  });
});
