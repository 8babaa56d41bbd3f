import type { PlanStepView } from '../../../src-main/common/events.js';

const MARK: Record<PlanStepView['status'], string> = {
  pending: '○',
  running: '◔',
  done: '✓',
  failed: '✗',
  skipped: '–',
};

/** The planner's steps as a checklist that updates as they run. */
export function PlanView({ steps }: { steps: PlanStepView[] }) {
  const done = steps.filter((s) => s.status === 'done').length;
  return (
    <section className="plan" data-testid="plan" aria-label="Plan">
      <div className="plan-head">
        Plan{' '}
        <span className="muted">
          {done}/{steps.length} done
        </span>
      </div>
      <ol className="plan-steps">
        {steps.map((step) => (
          <li key={step.id} className={`plan-step step-${step.status}`} data-testid="plan-step" data-status={step.status}>
            <div className="plan-step-line">
              <span className={`plan-mark mark-${step.status}`} aria-label={step.status}>
                {MARK[step.status]}
              </span>
              <span className="plan-agent">{step.agent}</span>
              <span className="plan-task">{step.task}</span>
              {step.need.length > 0 && <span className="plan-need muted">after {step.need.join(', ')}</span>}
            </div>
            {step.output && (
              <details className="plan-output">
                <summary>Output</summary>
                <div className="plan-output-text">{step.output}</div>
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
