import cliProgress from "cli-progress";

/** What a progress bar is shown for: none with --json, --no-progress or when stderr is not a terminal. */
export interface ProgressOptions {
  json?: boolean;
  progress: boolean;
}

export interface ProgressBar {
  update(value: number): void;
  stop(): void;
}

/** A progress bar on stderr with rate and ETA, counting `unit` from `done` to `total`. */
export function progressBar(options: ProgressOptions, total: number, done: number, unit: string): ProgressBar {
  if (options.json || !options.progress || !process.stderr.isTTY) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `{bar} {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`, etaBuffer: 20, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(total, done, { rate: "0" });
  return {
    update: (value: number) => bar.update(value, { rate: ((value - done) / Math.max((Date.now() - started) / 1000, 0.001)).toFixed(0) }),
    stop: () => bar.stop(),
  };
}
