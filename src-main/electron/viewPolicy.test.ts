import { describe, expect, it } from 'vitest';
import { viewNavigationAllowed, viewRequestAllowed } from './viewPolicy.js';

describe('what the embedded browser view may load', () => {
  it('navigates to http and https pages and the blank page only', () => {
    for (const url of ['http://127.0.0.1:8080/a', 'https://example.org/', 'about:blank']) expect(viewNavigationAllowed(url)).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'chrome://settings',
      'devtools://devtools/bundled/inspector.html',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'about:config',
      'not a url',
      'ftp://example.org/',
    ]) {
      expect(viewNavigationAllowed(url)).toBe(false);
    }
  });

  it('lets pages load their own data, blob and WebSocket resources but no local files', () => {
    expect(viewRequestAllowed('data:image/png;base64,AAAA', 'image')).toBe(true);
    expect(viewRequestAllowed('blob:https://example.org/1234', 'xhr')).toBe(true);
    expect(viewRequestAllowed('wss://example.org/socket', 'webSocket')).toBe(true);
    expect(viewRequestAllowed('file:///home/user/.ssh/id_ed25519', 'xhr')).toBe(false);
    expect(viewRequestAllowed('file:///home/user/secret.html', 'subFrame')).toBe(false);
    expect(viewRequestAllowed('data:text/html,<script>x</script>', 'subFrame')).toBe(false);
    expect(viewRequestAllowed('chrome-extension://abc/x.js', 'script')).toBe(false);
  });
});
