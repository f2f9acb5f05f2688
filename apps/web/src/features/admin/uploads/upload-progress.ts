import { formatBytes } from '@store/contracts/admin';

/** How far back the speed is measured: long enough to smooth chunks out, short enough to follow a changing connection. */
const SPEED_WINDOW_MS = 5000;

export interface ProgressSample {
  at: number;
  bytes: number;
}

/** Adds a sample and drops those older than the speed window (keeping one from before it to measure from). */
export function addSample(samples: readonly ProgressSample[], sample: ProgressSample): ProgressSample[] {
  const recent = [...samples, sample];
  while (recent.length > 2 && sample.at - recent[1]!.at >= SPEED_WINDOW_MS) recent.shift();
  return recent;
}

/** Bytes per second over the samples, or undefined until there is something to measure. */
export function speedOf(samples: readonly ProgressSample[]): number | undefined {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < 500) return undefined;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}

/** '3 min 20 s', '45 s': how long the rest takes at this speed. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** '12 MB of 40 MB · 30% · 2.5 MB/s · about 11 s left' */
export function progressText(sent: number, total: number, speed: number | undefined): string {
  const parts = [`${formatBytes(sent)} of ${formatBytes(total)}`, `${percentOf(sent, total)}%`];
  if (speed && speed > 0) parts.push(`${formatBytes(speed)}/s`, `about ${formatDuration((total - sent) / speed)} left`);
  return parts.join(' · ');
}

export const percentOf = (sent: number, total: number) => (total === 0 ? 100 : Math.floor((sent / total) * 100));
