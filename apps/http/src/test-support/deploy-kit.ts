import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "yaml";

/**
 * The deployment kit's files (deploy/), as shipped, and the rewrites that let a test run the
 * real servers on them: only addresses change (compose hostnames to loopback ports), and the
 * scrape interval, so a test waits seconds rather than minutes.
 */
export const DEPLOY = fileURLToPath(new URL("../../../../deploy/", import.meta.url));

export const deployFile = (path: string): string => `${DEPLOY}${path}`;

/** A `host:port` of the shipped files (`api-1:8402`) and the loopback port standing in for it. */
export type AddressMap = ReadonlyMap<string, number>;

/** The `server <name> <host:port>` lines of a backend of an HAProxy configuration. */
export function haproxyServers(
  config: string,
  backend: string,
): { name: string; address: string }[] {
  const servers: { name: string; address: string }[] = [];
  let inBackend = false;
  for (const line of config.split("\n")) {
    const section = /^(global|defaults|frontend|backend|listen|resolvers)\b\s*(\S*)/.exec(line);
    if (section !== null) inBackend = section[1] === "backend" && section[2] === backend;
    const server = /^\s+server\s+(\S+)\s+(\S+)/.exec(line);
    if (inBackend && server?.[1] !== undefined && server[2] !== undefined) {
      servers.push({ name: server[1], address: server[2] });
    }
  }
  return servers;
}

/**
 * The shipped haproxy.cfg with each `server`'s address and each `bind` rewritten to loopback
 * ports; every other line as shipped. Throws when an address or bind of the map is not in it.
 */
export function haproxyOnLoopback(
  config: string,
  servers: AddressMap,
  binds: ReadonlyMap<string, number>,
): string {
  const used = new Set<string>();
  const lines = config.split("\n").map((line) => {
    const server = /^(\s+server\s+\S+\s+)(\S+)(.*)$/.exec(line);
    if (server?.[2] !== undefined) {
      const port = servers.get(server[2]);
      if (port === undefined) throw new Error(`no loopback port for server ${server[2]}`);
      used.add(server[2]);
      return `${server[1]}127.0.0.1:${port}${server[3]}`;
    }
    const bind = /^(\s+bind\s+)(\S+)(.*)$/.exec(line);
    if (bind?.[2] !== undefined) {
      const port = binds.get(bind[2]);
      if (port === undefined) throw new Error(`no loopback port for bind ${bind[2]}`);
      used.add(bind[2]);
      return `${bind[1]}127.0.0.1:${port}${bind[3]}`;
    }
    return line;
  });
  for (const key of [...servers.keys(), ...binds.keys()]) {
    if (!used.has(key)) throw new Error(`${key} is not in the configuration`);
  }
  return lines.join("\n");
}

interface PrometheusConfig {
  global?: Record<string, unknown>;
  rule_files?: string[];
  scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
}

/** The shipped prometheus.yml, parsed. */
export function prometheusConfig(): PrometheusConfig {
  return parse(readFileSync(deployFile("prometheus/prometheus.yml"), "utf8")) as PrometheusConfig;
}

/** Every target of a job of the shipped prometheus.yml. */
export function prometheusTargets(config: PrometheusConfig, job: string): string[] {
  const found = config.scrape_configs.find((c) => c.job_name === job);
  if (found === undefined) throw new Error(`prometheus.yml has no job ${job}`);
  return found.static_configs.flatMap((s) => s.targets);
}

/**
 * The shipped prometheus.yml with every target rewritten to its loopback port and the scrape and
 * evaluation intervals set to `interval`; the rest (jobs, rule files) as shipped.
 */
export function prometheusOnLoopback(targets: AddressMap, interval: string): string {
  const config = prometheusConfig();
  config.global = { ...config.global, scrape_interval: interval, evaluation_interval: interval };
  for (const job of config.scrape_configs) {
    for (const group of job.static_configs) {
      group.targets = group.targets.map((target) => {
        const port = targets.get(target);
        if (port === undefined) throw new Error(`no loopback port for target ${target}`);
        return `127.0.0.1:${port}`;
      });
    }
  }
  return stringify(config);
}
