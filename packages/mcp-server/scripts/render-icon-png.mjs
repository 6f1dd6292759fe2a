#!/usr/bin/env node
// Draws the tool server's SVG icon as a 128×128 PNG with resvg and writes it into
// src/card/icon-png.ts (MCP clients must take PNG; SVG is optional for them). Run after changing
// ICON_SVG, from this package, after `pnpm build`: `node scripts/render-icon-png.mjs`.
// src/card/icons.test.ts redraws it and fails if the file is not what this writes.
import { writeFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import { ICON_PNG_SIZE, ICON_SVG } from "../dist/card/icons.js";

const png = new Resvg(ICON_SVG, { fitTo: { mode: "width", value: ICON_PNG_SIZE } })
  .render()
  .asPng();
const base64 = Buffer.from(png).toString("base64");
const lines = base64.match(/.{1,96}/g) ?? [];
writeFileSync(
  new URL("../src/card/icon-png.ts", import.meta.url),
  `// Written by scripts/render-icon-png.mjs from ICON_SVG (resvg): do not edit.\n\n/** The icon as a ${ICON_PNG_SIZE}×${ICON_PNG_SIZE} PNG, base64. */\nexport const ICON_PNG_BASE64 =\n${lines.map((l) => `  "${l}"`).join(" +\n")};\n`,
);
console.log(`src/card/icon-png.ts: ${png.length} bytes of PNG`);
