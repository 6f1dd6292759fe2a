import { tieredConfig } from "@svc/test-support/vitest-tiers";

// Two tiers by file name: unit (*.test.ts, Node alone) and e2e (*.e2e.test.ts).
export default tieredConfig();
