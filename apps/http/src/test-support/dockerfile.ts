/**
 * A Dockerfile read as its instructions, by stage: enough for a test to check what an image
 * build would do where no container engine runs (comments and blank lines dropped, `\`
 * continuations joined, the exec form's JSON array parsed).
 */
interface Instruction {
  /** Upper case: FROM, RUN, COPY… */
  readonly keyword: string;
  /** Everything after the keyword, continuations joined with a space. */
  readonly args: string;
}

export interface Stage {
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

export function dockerfileStages(text: string): Stage[] {
  const logical: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) continue;
    if (line.startsWith("#")) continue; // a comment inside a continued instruction
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(`${pending}${line}`.trim());
    pending = "";
  }
  const stages: { from: string; name: string | undefined; instructions: Instruction[] }[] = [];
  for (const line of logical) {
    const [keyword = "", ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    if (instruction.keyword === "FROM") {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      stages.push({ from: from?.[1] ?? "", name: from?.[2], instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** An instruction's exec form (`["node", "dist/main.js"]`), or undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith("[")) return undefined;
  return JSON.parse(args) as string[];
}

/** The last value of an instruction in a stage (`WORKDIR`, `USER`), or undefined. */
export function lastArgs(stage: Stage, keyword: string): string | undefined {
  return stage.instructions.filter((i) => i.keyword === keyword).at(-1)?.args;
}
