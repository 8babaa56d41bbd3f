import { ApprovalDialog } from './features/approval/ApprovalDialog.js';
import { BrowserPane } from './features/browser/BrowserPane.js';
import { ChatView } from './features/chat/ChatView.js';
import { OnboardingGate } from './features/onboarding/Onboarding.js';
import { SessionList } from './features/sessions/SessionList.js';
import { SchedulesPanel } from './features/schedules/SchedulesPanel.js';
import { ShortcutSheet } from './features/shortcuts/ShortcutSheet.js';
import { useShortcuts } from './features/shortcuts/useShortcuts.js';
import { LazySettingsPanel } from './features/settings/LazySettingsPanel.js';
import { DropOverlay } from './features/workspace/DropOverlay.js';
import { WorkspacePanel } from './features/workspace/WorkspacePanel.js';
import { useStore } from './state/store.js';
import { Banners } from './ui/Banners.js';

export function App() {
  const settingsOpen = useStore((s) => s.settingsOpen);
  const menuOpen = useStore((s) => s.menuOpen);
  const prefs = useStore((s) => s.prefs);
  // The browser takes room only while this session's web agent has a page, or when pinned.
  const showBrowser = useStore((s) => s.prefs.browserPinned || (s.domain.browser.url !== '' && s.domain.browser.sessionId === s.activeSessionId));
  useShortcuts();
  const layout = ['layout', prefs.sidebarCollapsed && 'no-sidebar', prefs.panelCollapsed && 'no-panel'].filter(Boolean).join(' ');
  return (
    <div className="app">
      <Banners />
      <div className={layout} data-testid="layout">
        <aside className={menuOpen ? 'sidebar open' : 'sidebar'} data-testid="sidebar">
          <SessionList />
        </aside>
        <main className="chat-column">
          <ChatView />
        </main>
        {!prefs.panelCollapsed && (
          <aside className="side-panel" data-testid="side-panel">
            {showBrowser && <BrowserPane />}
            <WorkspacePanel />
          </aside>
        )}
      </div>
      <ApprovalDialog />
      {settingsOpen && <LazySettingsPanel />}
      <SchedulesPanel />
      <OnboardingGate />
      <ShortcutSheet />
      <DropOverlay />
    </div>
  );
}
