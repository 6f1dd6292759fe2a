import { tieredConfig } from "@svc/test-support/vitest-tiers";

// Two tiers by file name: unit (*.test.ts, Node alone) and e2e (*.e2e.test.ts); the e2e files
// share their worker's modules (they pass so, and each no longer loads the package's graph).
export default tieredConfig({ shareE2eModules: true });
