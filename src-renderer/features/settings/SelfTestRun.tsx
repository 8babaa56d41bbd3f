// The "Test this model" button of Settings → Models, with the running test's progress per agent
// and its Stop button (issue 25).
import { useEffect } from 'react';
import { connectSelfTestRun, progressLine, startSelfTest, stopSelfTest, useSelfTestRun } from './selfTestRun.js';

export function SelfTestRun({ modelKey }: { modelKey: string }) {
  const progress = useSelfTestRun((s) => s.progress);
  useEffect(connectSelfTestRun, []);
  const running = progress?.state === 'running';
  // A finished run of another model (the user switched since) is not this model's news.
  const shown = progress && (running || progress.model === modelKey) ? progress : null;
  return (
    <div className="selftest-run" data-testid="selftest-run">
      {running ? (
        <button type="button" data-testid="selftest-stop" onClick={() => void stopSelfTest()}>
          Stop the test
        </button>
      ) : (
        <button type="button" data-testid="selftest-start" onClick={() => void startSelfTest()} title="Runs a small task per agent in a scratch workspace (yours is not touched)">
          Test this model
        </button>
      )}
      {shown && (
        <div data-testid="selftest-progress" data-state={shown.state}>
          <div className="muted">{progressLine(shown)}</div>
          <ul className="selftest-agents">
            {shown.done.map((d) => (
              <li key={d.agent} className={d.passed ? 'ok' : 'failed'} data-testid="selftest-progress-agent">
                {d.passed ? '✓' : '✗'} {d.agent} {d.score.toFixed(2)} ({d.seconds.toFixed(1)} s)
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
