import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { pickBridge, setBridge } from './bridge/index.js';
import { openSession, refreshSessions, startup } from './state/actions.js';
import { connectStore } from './state/connect.js';
import { useStore } from './state/store.js';
import { connectVoice } from './features/voice/voiceStore.js';

const bridge = pickBridge();
setBridge(bridge);
if (bridge.kind === 'websocket' && !new URLSearchParams(location.search).get('token')) {
  useStore.getState().notify('This page needs its token: open the full address the web host printed (…/?token=…).');
}

connectStore(bridge, useStore, () => {
  const active = useStore.getState().activeSessionId;
  void refreshSessions().then(() => (active ? openSession(active) : undefined));
});
connectVoice();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void startup();
