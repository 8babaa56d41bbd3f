// Beside a model in the pickers (the model chooser, Settings → Models): its kept self-test result
// (issue 25), "self-test 5/6" with the agents it failed, or nothing when it was never tested.
import { EMBEDDED_KIND } from '../../../src-main/common/providers.js';
import { selfTestModelKey, type SelfTestResult } from '../../../src-main/common/selfTest.js';
import { useSelfTest } from './selfTestStore.js';

/** The badge's text and tooltip for a result. */
export function badgeText(r: SelfTestResult): { text: string; title: string } {
  const failed = r.agents.filter((a) => !a.passed).map((a) => a.agent);
  return {
    text: `self-test ${r.passed}/${r.of}${failed.length ? ` · failed: ${failed.join(', ')}` : ''}`,
    title: `Self-test of ${r.date.slice(0, 10)}: score ${r.score.toFixed(2)}${r.interrupted ? ', stopped before the end' : ''}`,
  };
}

/** The badge of an embedded (catalogue) model, by its id. */
export function SelfTestBadge({ modelId }: { modelId: string }) {
  const key = selfTestModelKey(EMBEDDED_KIND, modelId);
  const result = useSelfTest((s) => s.results?.results.find((r) => r.model === key) ?? null);
  if (!result) return null;
  const { text, title } = badgeText(result);
  const clean = result.passed === result.of && !result.interrupted;
  return (
    <span className={`badge ${clean ? 'badge-ok' : 'badge-failed'}`} data-testid="selftest-badge" title={title}>
      {text}
    </span>
  );
}
