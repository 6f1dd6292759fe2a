import cliProgress from "cli-progress";

/** A byte-progress bar on stderr when it is a terminal; silent otherwise (pipes, CI, tests). */
export function byteProgress(label: string): {
  update: (bytes: number, total: number) => void;
  stop: () => void;
} {
  if (!process.stderr.isTTY) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {percentage}% | {value}/{total} MB`,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  return {
    update(bytes, total) {
      if (!started) {
        bar.start(mb(total), 0);
        started = true;
      }
      bar.update(mb(bytes));
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
