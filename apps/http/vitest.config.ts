import { tieredConfig } from "@svc/test-support/vitest-tiers";

// Two tiers by file name: unit (*.test.ts, Node alone) and e2e (*.e2e.test.ts). Three files at
// once: most of this package's e2e files start services and wait on them and on the chain, and
// this package's run is the suite's longest. The e2e files share their worker's modules (each
// no longer loads the app's graph: about half of this package's CPU time).
export default tieredConfig({ workers: 3, shareE2eModules: true });
