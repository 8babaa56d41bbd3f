// The self-test warning before a request is sent (issue 25): when the draft would go to an agent
// the configured model failed — the agent chosen in the picker, or on "auto" the router's choice for
// the draft (router.route, debounced, asked only when the model failed some agent).
import { useEffect, useState } from 'react';
import type { AgentName } from '../../../src-main/common/agents.js';
import { selfTestWarning } from '../../../src-main/common/selfTest.js';
import { bridge } from '../../bridge/index.js';
import { useStore } from '../../state/store.js';
import { useCurrentSelfTest } from './selfTestStore.js';

/** Typing pauses this long before the router is asked. */
const DEBOUNCE_MS = 400;
/** The router reads the start of a request; a long paste is not sent whole at each pause. */
const PREVIEW_CHARS = 4000;

export function DraftSelfTestWarning({ text }: { text: string }) {
  const result = useCurrentSelfTest();
  const choice = useStore((s) => s.agentChoice);
  const [predicted, setPredicted] = useState<AgentName | null>(null);
  const someFailed = result?.agents.some((a) => !a.passed) ?? false;
  const draft = text.trim().slice(0, PREVIEW_CHARS);
  useEffect(() => {
    setPredicted(null);
    if (choice !== 'auto' || !someFailed || !draft) return;
    let live = true;
    const timer = setTimeout(() => {
      // invoke, not call(): a router that is unavailable only means no preview, not an error to show.
      void bridge()
        .invoke('router.route', { text: draft })
        .then((r) => live && setPredicted(r.ok ? r.value.agent : null));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [draft, choice, someFailed]);
  const agent = !draft ? null : choice === 'auto' ? predicted : choice;
  const warning = selfTestWarning(agent, result);
  if (!warning || !agent) return null;
  return (
    <div className="turn-warning composer-warning" data-testid="draft-selftest-warning" data-agent={agent}>
      {choice === 'auto' ? `This would go to the ${agent} agent. ` : ''}
      {warning}
    </div>
  );
}
