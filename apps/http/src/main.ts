#!/usr/bin/env node
import { loadServiceConfig } from "./config/service-config.js";
import { DEVNET_INFO_PATH } from "./dev/devnet-info.js";
import { reloadList } from "./service/list-runtime.js";
import { startService } from "./service/start-service.js";

// The API: configuration from the environment, then the service until SIGINT/SIGTERM.
try {
  const config = loadServiceConfig(process.env);
  const service = await startService(config);
  const freshness = service.loader.ready ? service.loader.freshness() : undefined;
  const lines = [
    `svc API listening on ${service.url} (${config.payments.mode})`,
    `  list: ${freshness ? `${freshness.datasetDate} from ${freshness.sourceUrl}${freshness.sample ? " (embedded SAMPLE, not the OFAC list)" : ""}${freshness.stale === true ? ` (STALE: not confirmed for ${freshness.ageHours} h)` : ""}` : "none loaded yet: screening answers 503"}${service.loader.refreshSource === undefined ? "" : `; loading ${service.loader.refreshSource} in the background (see the "list.*" log lines)`}`,
    `  docs: ${service.url}/ (landing), ${service.url}/api (catalog), ${service.url}/openapi.json`,
    `  mcp:  ${service.url}/mcp (streamable HTTP, paid tools over x402), docs ${service.url}/mcp/docs`,
    `  attestations: signed with key ${service.signingKid}${config.signing.key === undefined ? ` (development key kept in ${config.signing.keyFile})` : ""}; keys ${service.url}/.well-known/jwks.json, verify POST ${service.url}/api/attestations/verify`,
    `  metrics: ${service.metricsUrl ?? "off (set METRICS_PORT to serve /metrics on a listener of its own)"}`,
    `  try:  curl -i ${service.url}/api/ofac-wallet-screen/0x098B716B8Aaf21512996dC57EB0615e2383E2f96   (402: pay with x402)`,
  ];
  if (service.devnet !== undefined) {
    const payer = service.devnet.payers[0];
    lines.push(
      `  payments: local devnet standing in for ${service.devnet.networkName} (${service.devnet.network}, chain id ${service.devnet.chainId}; anvil ${service.devnet.rpcUrl}, ${service.devnet.blockTimeSeconds === undefined ? "a block per transaction" : `a block every ${service.devnet.blockTimeSeconds} s`}, USDC ${service.devnet.usdc.address}), payee ${service.devnet.payTo}`,
      `  demo payer (public devnet key, 100 USDC): ${payer?.address} ${payer?.privateKey}`,
      `  devnet details: ${service.url}${DEVNET_INFO_PATH}   pay once: pnpm demo`,
    );
  }
  const solana = service.solanaDevnet;
  if (solana !== undefined) {
    lines.push(
      `  solana: local runtime (litesvm) standing in for ${solana.network}, RPC ${solana.rpcUrl}, USDC ${solana.usdcMint}, payee ${solana.payTo}; payers in ${service.url}${DEVNET_INFO_PATH}   pay once: pnpm demo --solana`,
    );
  } else if (config.payments.solana !== undefined) {
    lines.push(
      `  solana: USDC on ${config.payments.solana.network} to ${config.payments.solana.payTo}`,
    );
  }
  console.log(lines.join("\n"));
  const shutdown = async (signal: string) => {
    console.log(`${signal}: finishing in-flight requests and stopping`);
    await service.stop();
    process.exit(0);
  };
  // SIGHUP: refresh the list now (an operator's reload, without a restart); the outcome is
  // logged as the list's other events are.
  process.on("SIGHUP", () => {
    const source = service.loader.refreshSource;
    console.log(`SIGHUP: refreshing the list${source === undefined ? "" : ` from ${source}`}`);
    void reloadList(service.loader);
  });
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  console.error(`svc: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
