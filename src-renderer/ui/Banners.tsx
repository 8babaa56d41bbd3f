import { REACH_WORDS } from '../../src-main/common/endpoint.js';
import { useStore } from '../state/store.js';

/** Connection state, app warnings (no sandbox, cloud provider) and transient errors. */
export function Banners() {
  const connection = useStore((s) => s.connection);
  const info = useStore((s) => s.info);
  const notices = useStore((s) => s.notices);
  const dismiss = useStore((s) => s.dismiss);
  const reach = info?.provider.reach ?? 'machine';
  return (
    <div className="banners">
      {connection !== 'open' && (
        <div className="banner banner-warn" data-testid="connection-banner" role="status">
          {connection === 'connecting' ? 'Connecting to the app…' : 'Connection lost. Reconnecting…'}
        </div>
      )}
      {info?.engines?.router.available === false && (
        <div className="banner banner-warn" data-testid="router-unavailable" role="status">
          ⚠ The request router cannot run on this computer{info.engines.router.message ? ` (${info.engines.router.message})` : ''}: pick the agent in the menu beside Send; Auto
          sends requests to the casual agent.
        </div>
      )}
      {info?.engines?.localModel.available === false && (
        <div className="banner banner-warn" data-testid="local-model-unavailable" role="status">
          ⚠ The embedded model cannot run on this computer: use a model server or a cloud provider in Settings → Model provider.
        </div>
      )}
      {info?.sandbox.warning && (
        <div className="banner banner-warn" data-testid="sandbox-warning" role="alert">
          ⚠ {info.sandbox.warning}
        </div>
      )}
      {reach !== 'machine' && info && (
        <div className="banner banner-info" data-testid="cloud-warning" data-reach={reach}>
          {reach === 'internet' ? '☁' : '⇄'} Provider “{info.provider.kind}” sends your conversations off this machine, to {REACH_WORDS[reach]}.
        </div>
      )}
      {notices.map((n) => (
        <div key={n.id} className="banner banner-error" data-testid="notice" role="alert">
          <span>{n.text}</span>
          <button className="link" onClick={() => dismiss(n.id)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
