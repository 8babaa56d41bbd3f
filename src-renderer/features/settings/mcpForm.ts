import type { McpServerConfig } from '../../../src-main/common/settings.js';

export interface McpDraft {
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  args: string;
  env: string;
  url: string;
  trusted: boolean;
}

export const emptyMcpDraft = (): McpDraft => ({ name: '', transport: 'stdio', command: '', args: '', env: '', url: '', trusted: false });

/** Splits an argument line like a shell would for plain words and quotes (no expansion). */
export function splitArgs(line: string): string[] {
  const args: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) {
    args.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3] ?? ''));
  }
  return args;
}

/** `KEY=value` lines to an object; lines without `=` are errors the form shows. */
export function parseEnv(text: string): { env: Record<string, string>; bad: string[] } {
  const env: Record<string, string> = {};
  const bad: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) bad.push(line);
    else env[line.slice(0, eq).trim()] = line.slice(eq + 1);
  }
  return { env, bad };
}

/** The server config the form describes, or the first problem with it. */
export function draftToConfig(d: McpDraft): { config: McpServerConfig } | { problem: string } {
  const name = d.name.trim();
  if (!/^[\w.-]{1,64}$/.test(name)) return { problem: 'Name: letters, digits, dot, dash or underscore (1–64).' };
  if (d.transport === 'http') {
    try {
      new URL(d.url.trim());
    } catch {
      return { problem: 'URL: enter a full URL such as http://127.0.0.1:3000/mcp.' };
    }
    return { config: { name, transport: 'http', url: d.url.trim(), headers: {}, trusted: d.trusted, trustedTools: [] } };
  }
  if (!d.command.trim()) return { problem: 'Command: the program that starts the server.' };
  const { env, bad } = parseEnv(d.env);
  if (bad.length > 0) return { problem: `Environment: "${bad[0]}" is not KEY=value.` };
  return { config: { name, transport: 'stdio', command: d.command.trim(), args: splitArgs(d.args), env, trusted: d.trusted, trustedTools: [] } };
}
