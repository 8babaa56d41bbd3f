import '@xterm/xterm/css/xterm.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { pickBridge, setBridge } from './bridge/index.js';
import { openSession, refreshSessions, startup } from './state/actions.js';
import { useStore } from './state/store.js';

const bridge = pickBridge();
setBridge(bridge);
if (bridge.kind === 'websocket' && !new URLSearchParams(location.search).get('token')) {
  useStore.getState().notify('This page needs its token: open the full address the web host printed (…/?token=…).');
}

bridge.onEvents((events, batch) => {
  // Folding is synchronous, so the ack really means "in the store".
  useStore.getState().applyEvents(events);
  bridge.ack(batch);
});

let wasDisconnected = false;
bridge.onStatus((connection) => {
  useStore.getState().set({ connection });
  if (connection === 'reconnecting') wasDisconnected = true;
  if (connection === 'open' && wasDisconnected) {
    wasDisconnected = false;
    // Events sent while the socket was down are lost: reload what the screen shows.
    const active = useStore.getState().activeSessionId;
    void refreshSessions().then(() => (active ? openSession(active) : undefined));
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void startup();
