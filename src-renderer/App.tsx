import { ApprovalDialog } from './features/approval/ApprovalDialog.js';
import { BrowserPane } from './features/browser/BrowserPane.js';
import { ChatView } from './features/chat/ChatView.js';
import { SessionList } from './features/sessions/SessionList.js';
import { SettingsPanel } from './features/settings/SettingsPanel.js';
import { DropOverlay } from './features/workspace/DropOverlay.js';
import { WorkspacePanel } from './features/workspace/WorkspacePanel.js';
import { useStore } from './state/store.js';
import { Banners } from './ui/Banners.js';

export function App() {
  const settingsOpen = useStore((s) => s.settingsOpen);
  const menuOpen = useStore((s) => s.menuOpen);
  return (
    <div className="app">
      <Banners />
      <div className="layout">
        <aside className={menuOpen ? 'sidebar open' : 'sidebar'}>
          <SessionList />
        </aside>
        <main className="chat-column">
          <ChatView />
        </main>
        <aside className="side-panel">
          <BrowserPane />
          <WorkspacePanel />
        </aside>
      </div>
      <ApprovalDialog />
      {settingsOpen && <SettingsPanel />}
      <DropOverlay />
    </div>
  );
}
