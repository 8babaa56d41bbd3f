/** One measured figure beside the baseline measured in the same run. */
export interface BenchRow {
  suite: string;
  metric: string;
  value: number;
  unit: string;
  baseline?: { label: string; value: number };
  /** value / baseline.value, when meaningful. */
  ratio?: number;
  target?: string;
  /** Whether the target was met; omitted when there is no target. */
  met?: boolean;
  note?: string;
}
export type BenchSuite = () => Promise<BenchRow[]>;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
