// The rule tables of the code judge, one list per language. Each rule is a regex over the code with
// comments removed and string literals replaced by `"§N"` tokens, and the reason shown when it
// matches. Names are matched with or without a call (`r = os.remove` is as good as calling it).
// Every regex here is linear: no nested or adjacent unbounded quantifiers over the same characters.
import type { SourceLanguage } from '../blocks/sourceText.js';

export interface Rule {
  re: RegExp;
  reason: string;
}

export const LIT = String.raw`"§\d+"`;

const PY_DELETES = 'remove|unlink|rmdir|removedirs';
const PY_SPAWNS = 'system|popen|exec\\w*|spawn\\w*|posix_spawn\\w*|startfile|fork|forkpty';

export const ACTIONS: Readonly<Record<SourceLanguage, readonly Rule[]>> = {
  python: [
    { re: new RegExp(String.raw`\bshutil\.rmtree\b|\b(os|posix|nt)\.(${PY_DELETES})\b|\.(unlink|rmdir)\s*\(`), reason: 'deletes files' },
    { re: /\b(os|posix)\.(kill|killpg)\b|\bsignal\.pthread_kill\b|\.(kill|terminate|send_signal)\s*\(/, reason: 'kills processes' },
    { re: /\b(os|posix)\.(chmod|chown|lchown|fchmod|fchown|lchmod|chflags)\b|\bshutil\.chown\b|\.(chmod|lchmod)\s*\(/, reason: 'changes permissions or ownership' },
    { re: /\b(os|posix)\.(truncate|ftruncate)\b|\.truncate\s*\(/, reason: 'empties files' },
    { re: /\bgetattr\s*\(\s*(os|posix|nt|shutil|subprocess|signal|pty|sys|builtins|__builtins__)\b/, reason: 'looks up a function of a system module by name at run time' },
    { re: /\b__import__\b|\bimportlib\b|\bimp\.load_\w+|\bsys\.modules\b|\b__builtins__\b|\bbuiltins\./, reason: 'imports or looks up modules dynamically' },
    { re: /\bctypes\b|\bcffi\b|\bmmap\b[^\n]{0,300}\bPROT_EXEC\b/, reason: 'calls native code directly' },
    { re: /(?<![\w.])(eval|exec|compile)\s*\(|\b(pickle|marshal|dill|cloudpickle)\.loads?\b|\bcode\.interact\b|\brunpy\./, reason: 'runs code built at run time' },
    { re: /\b(globals|locals|vars)\s*\(\s*\)\s*\[|\.__dict__\s*\[|\boperator\.methodcaller\b|\b__subclasses__\b|\b__globals__\b/, reason: 'calls a function chosen at run time' },
    { re: /(?<![\w.])(\w+)\s*=\s*(os|posix|shutil|subprocess|signal|pty)\s*(?![\w.(])/, reason: 'refers to a system module by another name' },
  ],
  c: [
    { re: /(?<![\w.>])(remove|unlink|rmdir|unlinkat|nftw)\b/, reason: 'deletes files' },
    { re: /(?<![\w.>])(kill|killpg|tgkill|pidfd_send_signal)\b/, reason: 'kills processes' },
    { re: /(?<![\w.>])(chmod|chown|fchmod|fchown|lchown|fchmodat|fchownat)\b/, reason: 'changes permissions or ownership' },
    { re: /(?<![\w.>])(truncate|ftruncate)\b/, reason: 'empties files' },
    { re: /(?<![\w.>])syscall\b|\bSYS_\w+|\b__NR_\w+/, reason: 'makes raw system calls' },
    { re: /(?<![\w.>])(asm|__asm__|__asm)\b/, reason: 'contains inline assembly (raw system calls)' },
    { re: /(?<![\w.>])(dlopen|dlsym|dlvsym)\b/, reason: 'loads and calls code chosen at run time' },
  ],
  go: [
    { re: /\bos\.(Remove|RemoveAll)\b|\b(syscall|unix)\.(Unlink|Unlinkat|Rmdir)\b/, reason: 'deletes files' },
    { re: /\b(syscall|unix)\.(Kill|Tgkill|Tkill)\b|\.Process\.(Kill|Signal)\b|\.Kill\s*\(\s*\)/, reason: 'kills processes' },
    { re: /\bos\.(Chmod|Chown|Lchown)\b|\b(syscall|unix)\.(Chmod|Chown|Fchmod|Fchown|Lchown|Fchmodat)\b|\.Chmod\s*\(/, reason: 'changes permissions or ownership' },
    { re: /\bos\.Truncate\b|\b(syscall|unix)\.(Truncate|Ftruncate)\b|\.Truncate\s*\(/, reason: 'empties files' },
    { re: /\b(syscall|unix)\.(Syscall|Syscall6|Syscall9|RawSyscall|RawSyscall6|RawSyscallNoError)\b|\b(syscall|unix)\.SYS_\w+/, reason: 'makes raw system calls' },
    { re: /\bMethodByName\b|\breflect\.\w+\b[^\n]{0,300}\.Call\s*\(|\bplugin\.Open\b|\bunsafe\.Pointer\b[^\n]{0,300}\bsyscall\b/, reason: 'calls code chosen at run time' },
    { re: /\bimport\s+\.\s+"|^\s*\.\s+"(os|syscall|os\/exec|golang\.org\/x\/sys\/unix)"/m, reason: 'imports a system package into the file namespace' },
  ],
  java: [
    { re: /\bFiles\.(delete|deleteIfExists)\b|\.delete(OnExit)?\s*\(\s*\)|\bFileUtils\.(deleteDirectory|forceDelete|cleanDirectory)\b/, reason: 'deletes files' },
    { re: /\.destroy(Forcibly)?\s*\(\s*\)|\bProcessHandle\b/, reason: 'kills processes' },
    { re: /\.set(Writable|Executable|Readable)\s*\(|\bFiles\.setPosixFilePermissions\b|\bFiles\.setOwner\b/, reason: 'changes permissions or ownership' },
    { re: /\bClass\.forName\b|\.get(Declared)?Method\s*\(|\.invoke\s*\(|\bMethodHandles?\b|\bScriptEngine(Manager)?\b/, reason: 'calls methods chosen at run time' },
    { re: /\bSystem\.(load|loadLibrary)\s*\(|\bRuntime\.getRuntime\s*\(\s*\)\s*\.(load|loadLibrary)\b|\bnative\s+\w+/, reason: 'calls native code directly' },
  ],
};

/** Calls that run a command; their arguments are judged as a shell command line. */
export const SPAWNS: Readonly<Record<SourceLanguage, RegExp>> = {
  python: new RegExp(String.raw`\bsubprocess\.\w+\s*\(|\b(os|posix)\.(${PY_SPAWNS})\s*\(|\bpty\.spawn\s*\(|\bcommands\.getoutput\s*\(|\basyncio\.create_subprocess_\w+\s*\(`, 'g'),
  c: /(?<![\w.>])(system|popen|exec[lv]p?e?|posix_spawnp?|execvpe|fexecve)\s*\(/g,
  go: /\bexec\.Command(Context)?\s*\(|\bsyscall\.(Exec|ForkExec|StartProcess)\s*\(|\bos\.StartProcess\s*\(/g,
  java: /\bRuntime\.getRuntime\s*\(\s*\)\s*\.exec\s*\(|\bnew\s+ProcessBuilder\s*\(/g,
};

/** Calls whose first literal argument is a path being written; group 2, when present, is the mode. */
export const WRITES: Readonly<Record<SourceLanguage, readonly RegExp[]>> = {
  python: [
    new RegExp(String.raw`\bopen\s*\(\s*(${LIT})\s*,\s*(?:mode\s*=\s*)?(${LIT})`, 'g'),
    new RegExp(String.raw`\bPath\s*\(\s*(${LIT})\s*\)\s*\.(?:write_text|write_bytes|touch|mkdir|open\s*\(\s*(${LIT}))`, 'g'),
    new RegExp(String.raw`\b(?:shutil\.(?:copy\w*|move)|os\.(?:rename|replace|symlink|link))\s*\([^,)]{0,300},\s*(${LIT})`, 'g'),
    new RegExp(String.raw`\bos\.(?:makedirs|mkdir|mkfifo)\s*\(\s*(${LIT})`, 'g'),
  ],
  c: [
    new RegExp(String.raw`\b(?:fopen|freopen)\s*\(\s*(${LIT})\s*,\s*(${LIT})`, 'g'),
    new RegExp(String.raw`\b(?:open|creat|mkdir)\s*\(\s*(${LIT})\s*,\s*[^)]{0,300}?(O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|0\d{3})`, 'g'),
    new RegExp(String.raw`\brename\s*\(\s*${LIT}\s*,\s*(${LIT})`, 'g'),
  ],
  go: [
    new RegExp(String.raw`\bos\.(?:WriteFile|Create|OpenFile|Mkdir|MkdirAll|Symlink)\s*\(\s*(${LIT})`, 'g'),
    new RegExp(String.raw`\bos\.(?:Rename|Link)\s*\(\s*${LIT}\s*,\s*(${LIT})`, 'g'),
    new RegExp(String.raw`\bioutil\.WriteFile\s*\(\s*(${LIT})`, 'g'),
  ],
  java: [
    new RegExp(String.raw`new\s+(?:FileWriter|FileOutputStream|PrintWriter|RandomAccessFile)\s*\(\s*(?:new\s+File\s*\(\s*)?(${LIT})`, 'g'),
    new RegExp(String.raw`\bFiles\.(?:write|writeString|createFile|createDirectories|copy|move|newBufferedWriter)\s*\(\s*(?:Paths\.get|Path\.of)\s*\(\s*(${LIT})`, 'g'),
  ],
};

/** Which writes replace an existing file's contents (given the mode literal, when the call has one). */
export function rewrites(language: SourceLanguage, call: string, mode: string | undefined): boolean {
  if (mode !== undefined) return language === 'c' ? /^w/.test(mode) || mode.includes('O_TRUNC') : /w/.test(mode);
  return !/mkdir|makedirs|Mkdir|mkfifo|touch|symlink|Symlink|link\b|Link\b|createDirectories|createFile/.test(call);
}

/** Python names that delete, spawn or kill: importing them bare (`from os import remove as r`) hides every later call. */
export const PY_RISKY_IMPORTS = new RegExp(
  `^(${PY_DELETES}|${PY_SPAWNS}|kill|killpg|chmod|chown|lchown|truncate|ftruncate|rmtree|move|rename|replace|call|run|Popen|check_call|check_output|getoutput|getstatusoutput|spawn|\\*)$`,
);
export const PY_WATCHED_MODULES = new Set(['os', 'posix', 'nt', 'shutil', 'subprocess', 'signal', 'pty', 'ctypes', 'importlib', 'sys', 'builtins', 'pathlib']);
export const GO_WATCHED_PACKAGES: Readonly<Record<string, string>> = {
  os: 'os',
  syscall: 'syscall',
  'os/exec': 'exec',
  'golang.org/x/sys/unix': 'unix',
  reflect: 'reflect',
  plugin: 'plugin',
};
