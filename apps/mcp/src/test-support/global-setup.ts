import { existsSync } from "node:fs";
import { MAIN } from "./bin.js";

/** The tests run the built bin: say so plainly when it has not been built. */
export default function setup(): void {
  if (!existsSync(MAIN)) {
    throw new Error(
      `${MAIN} is missing: build first (\`pnpm --filter @svc/mcp... build\`; \`turbo run test\` does it).`,
    );
  }
}
