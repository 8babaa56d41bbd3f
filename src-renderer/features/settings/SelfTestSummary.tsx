// Settings → Models: the configured model's last self-test (issue 25), a score per agent and the date.
// The battery runs from here ("Test this model", SelfTestRun) or the CLI (`agentic models test`).
import { useEffect } from 'react';
import { describeSpeed, type SelfTestResult } from '../../../src-main/common/selfTest.js';
import { loadSelfTestResults, useCurrentSelfTest, useSelfTest } from '../chat/selfTestStore.js';
import { SelfTestRun } from './SelfTestRun.js';

/** "casual 1.00", "coder 0.50 (failed: …)": one entry per agent tested. */
export function agentLines(result: SelfTestResult): { agent: string; passed: boolean; text: string }[] {
  return result.agents.map((a) => {
    const why = a.error ?? (a.failed.length ? `not: ${a.failed.join('; ')}` : '');
    return { agent: a.agent, passed: a.passed, text: `${a.agent} ${a.score.toFixed(2)}${a.passed ? '' : ` (${why || 'failed'})`}` };
  });
}

export function SelfTestSummary({ modelKey }: { modelKey: string }) {
  const result = useCurrentSelfTest();
  const loaded = useSelfTest((s) => s.results !== null);
  useEffect(() => {
    void loadSelfTestResults();
  }, [modelKey]);
  if (!loaded) return null;
  return (
    <div className="selftest" data-testid="selftest-summary">
      {result ? (
        <>
          <div>
            Self-test of this model on {result.date.slice(0, 10)}: {result.passed}/{result.of} agents passed, score {result.score.toFixed(2)} ({Math.round(result.seconds)} s)
            {result.interrupted ? ', stopped before the end' : ''}.
          </div>
          {result.speed && <div data-testid="selftest-speed">Speed: {describeSpeed(result.speed)}.</div>}
          <ul className="selftest-agents">
            {agentLines(result).map((l) => (
              <li key={l.agent} className={l.passed ? 'ok' : 'failed'} data-testid="selftest-agent" data-passed={l.passed}>
                {l.passed ? '✓' : '✗'} {l.text}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="muted">This model has not been tested: "Test this model" (or `agentic models test`) shows what it can do here.</div>
      )}
      <SelfTestRun modelKey={modelKey} />
    </div>
  );
}
