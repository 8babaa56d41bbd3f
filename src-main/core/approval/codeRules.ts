// Obvious consequential actions in Python, C, Go and Java: deleting files, killing processes,
// changing permissions, writing to absolute paths outside the workspace, and spawning shell commands
// that the shell rules would flag. A heuristic on purpose: it catches what a model writes plainly.
import { literalOf, scanSource, type ScannedSource, type SourceLanguage } from '../blocks/sourceText.js';
import { pointsOutside } from './paths.js';
import { judgeShellScript, type Findings } from './shellRules.js';

interface Rule {
  re: RegExp;
  reason: string;
}

const LIT = String.raw`"§\d+"`;

const ACTIONS: Record<SourceLanguage, Rule[]> = {
  python: [
    { re: /\bshutil\.rmtree\s*\(|\bos\.(remove|unlink|rmdir|removedirs)\s*\(|\.(unlink|rmdir)\s*\(/, reason: 'deletes files' },
    { re: /\bos\.(kill|killpg)\s*\(|\.(kill|terminate)\s*\(\s*\)/, reason: 'kills processes' },
    { re: /\bos\.(chmod|chown|lchown|fchmod)\s*\(|\bshutil\.chown\s*\(|\.chmod\s*\(/, reason: 'changes permissions or ownership' },
  ],
  c: [
    { re: /(?<![\w.])(remove|unlink|rmdir|unlinkat)\s*\(/, reason: 'deletes files' },
    { re: /(?<![\w.])(kill|killpg)\s*\(/, reason: 'kills processes' },
    { re: /(?<![\w.])(chmod|chown|fchmod|fchown|lchown)\s*\(/, reason: 'changes permissions or ownership' },
  ],
  go: [
    { re: /\bos\.(Remove|RemoveAll)\s*\(/, reason: 'deletes files' },
    { re: /\bsyscall\.Kill\s*\(|\.Process\.(Kill|Signal)\s*\(/, reason: 'kills processes' },
    { re: /\bos\.(Chmod|Chown|Lchown)\s*\(/, reason: 'changes permissions or ownership' },
  ],
  java: [
    { re: /\bFiles\.(delete|deleteIfExists)\s*\(|\.delete(OnExit)?\s*\(\s*\)|\bFileUtils\.(deleteDirectory|forceDelete)\s*\(/, reason: 'deletes files' },
    { re: /\.destroy(Forcibly)?\s*\(\s*\)/, reason: 'kills processes' },
    { re: /\.set(Writable|Executable|Readable)\s*\(|\bFiles\.setPosixFilePermissions\s*\(|\bFiles\.setOwner\s*\(/, reason: 'changes permissions or ownership' },
  ],
};

const SPAWNS: Record<SourceLanguage, RegExp> = {
  python: /\bsubprocess\.\w+\s*\(|\bos\.(system|popen|exec\w*|spawn\w*)\s*\(|\bpty\.spawn\s*\(|\bcommands\.getoutput\s*\(/,
  c: /(?<![\w.])(system|popen|exec[lv]p?e?)\s*\(/,
  go: /\bexec\.Command(Context)?\s*\(|\bsyscall\.Exec\s*\(/,
  java: /\bRuntime\.getRuntime\s*\(\s*\)\s*\.exec\s*\(|\bnew\s+ProcessBuilder\s*\(/,
};

// Calls whose first literal argument is a path being written.
const WRITES: Record<SourceLanguage, RegExp[]> = {
  python: [
    new RegExp(String.raw`\bopen\s*\(\s*(${LIT})\s*,\s*(${LIT})`, 'g'),
    new RegExp(String.raw`\bPath\s*\(\s*(${LIT})\s*\)\s*\.(?:write_text|write_bytes|touch|mkdir|open\s*\(\s*(${LIT}))`, 'g'),
    new RegExp(String.raw`\b(?:shutil\.(?:copy\w*|move)|os\.(?:rename|replace|symlink|link))\s*\([^,]*,\s*(${LIT})`, 'g'),
    new RegExp(String.raw`\bos\.(?:makedirs|mkdir|mkfifo)\s*\(\s*(${LIT})`, 'g'),
  ],
  c: [new RegExp(String.raw`\b(?:fopen|freopen)\s*\(\s*(${LIT})\s*,\s*(${LIT})`, 'g'), new RegExp(String.raw`\b(?:open|creat|mkdir|rename)\s*\(\s*(${LIT})\s*,\s*[^)]*(O_WRONLY|O_RDWR|O_CREAT|0\d{3})`, 'g')],
  go: [new RegExp(String.raw`\bos\.(?:WriteFile|Create|OpenFile|Mkdir|MkdirAll|Rename|Symlink)\s*\(\s*(${LIT})`, 'g'), new RegExp(String.raw`\bioutil\.WriteFile\s*\(\s*(${LIT})`, 'g')],
  java: [new RegExp(String.raw`new\s+(?:FileWriter|FileOutputStream|PrintWriter|RandomAccessFile)\s*\(\s*(?:new\s+File\s*\(\s*)?(${LIT})`, 'g'), new RegExp(String.raw`\bFiles\.(?:write|writeString|createFile|createDirectories|copy|move|newBufferedWriter)\s*\(\s*(?:Paths\.get|Path\.of)\s*\(\s*(${LIT})`, 'g')],
};

function writesOutside(scanned: ScannedSource, language: SourceLanguage, workspace: string): string[] {
  const reasons: string[] = [];
  for (const re of WRITES[language]) {
    for (const m of scanned.code.matchAll(re)) {
      const path = literalOf(scanned, m[1] ?? '');
      const mode = m[2] !== undefined ? literalOf(scanned, m[2]) : undefined;
      if (mode !== undefined && !/[wax+]/.test(mode)) continue;
      if (path !== undefined && (path.startsWith('/') || path.startsWith('~')) && pointsOutside(workspace, path)) {
        reasons.push(`writes outside the workspace: ${path}`);
      }
    }
  }
  return reasons;
}

/** Shell text handed to a subprocess: each literal alone, and the literals of one call joined as argv. */
function spawnedShell(scanned: ScannedSource, workspace: string): Findings {
  const findings: Findings = { ask: [], deny: [] };
  const scripts = new Set(scanned.literals);
  for (const m of scanned.code.matchAll(/[[(]((?:\s*"§\d+"\s*,)+\s*"§\d+"\s*,?\s*)[\])]/g)) {
    scripts.add([...m[1]!.matchAll(/"§(\d+)"/g)].map((t) => scanned.literals[Number(t[1])] ?? '').join(' '));
  }
  for (const script of scripts) {
    const found = judgeShellScript(script, workspace);
    findings.ask.push(...found.ask.map((r) => `runs a command that ${r}`));
    findings.deny.push(...found.deny);
  }
  return findings;
}

export function judgeSource(language: SourceLanguage, source: string, workspace: string): Findings {
  const scanned = scanSource(source, language);
  const findings: Findings = { ask: [], deny: [] };
  for (const rule of ACTIONS[language]) if (rule.re.test(scanned.code)) findings.ask.push(`${language}: ${rule.reason}`);
  findings.ask.push(...writesOutside(scanned, language, workspace));
  if (SPAWNS[language].test(scanned.code)) {
    const spawned = spawnedShell(scanned, workspace);
    findings.ask.push(...spawned.ask);
    findings.deny.push(...spawned.deny);
  }
  return findings;
}
