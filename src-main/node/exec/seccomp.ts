// The seccomp filter of every bubblewrap block. It refuses:
// - Unix-domain sockets: abstract ones (`@/tmp/.X11-unix/X0`, some D-Bus buses) belong to the network
//   namespace, not the file system, so a block sharing the host's network could reach the user's X
//   server or session bus; and a host daemon's socket file inside the workspace is reachable from any
//   network namespace. seccomp cannot read the address a connect() names, so the filter refuses the
//   socket itself: socket(AF_UNIX, …) fails with EPERM. socketpair() stays allowed (it names nothing;
//   Python's multiprocessing and libuv use it).
// - io_uring, since its own socket, open and connect operations bypass seccomp; and every syscall of
//   another ABI (i386 or x32 on x86-64, arm32 on arm64), which has its own numbers.
// - The kernel keyrings (keyctl, add_key, request_key): the session keyring is inherited from the
//   app, and the user keyring is the user's, so a block could read or plant keys.
// - Set-user-ID and set-group-ID bits: bwrap's binds are nosuid and no_new_privs is set, so such a
//   bit gives nothing inside; but the file lives on in the workspace, owned on the host by the app's
//   user (root, when the app runs as root), for anyone to run later. chmod, fchmod, fchmodat(2),
//   mknod(at) and open/openat/creat that create a file are refused when the mode has S_ISUID or
//   S_ISGID; openat2, whose mode sits in a struct seccomp cannot read, answers ENOSYS so that libc
//   falls back to openat.
//
// bubblewrap loads the program (classic BPF, struct sock_filter[]) from a file descriptor
// (`--seccomp FD`) after setting no_new_privs; see sandbox.ts for how the descriptor is passed.
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Syscall numbers of one ABI; null where the ABI has no such call (arm64 has only the *at forms). */
interface Abi {
  /** AUDIT_ARCH_* of the native ABI. */
  audit: number;
  /** Syscall numbers at or above this belong to another ABI (x32's flag bit on x86-64). */
  foreignFrom: number;
  socket: number;
  ioUringSetup: number;
  openat2: number;
  keys: number[];
  /** Calls whose mode is argument 1, 2 or 3 (open/openat only when they create: see OPEN_FLAGS). */
  mode1: number[];
  mode2: number[];
  open: number | null;
  openat: number;
}

const ABIS: Partial<Record<NodeJS.Architecture, Abi>> = {
  // chmod 90, fchmod 91, creat 85, mknod 133 | fchmodat 268, fchmodat2 452, mknodat 259 | open 2, openat 257
  x64: {
    audit: 0xc000003e,
    foreignFrom: 0x40000000,
    socket: 41,
    ioUringSetup: 425,
    openat2: 437,
    keys: [248, 249, 250],
    mode1: [90, 91, 85, 133],
    mode2: [268, 452, 259],
    open: 2,
    openat: 257,
  },
  // fchmod 52 | fchmodat 53, fchmodat2 452, mknodat 33 | openat 56
  arm64: {
    audit: 0xc00000b7,
    foreignFrom: 0x40000000,
    socket: 198,
    ioUringSetup: 425,
    openat2: 437,
    keys: [217, 218, 219],
    mode1: [52],
    mode2: [53, 452, 33],
    open: null,
    openat: 56,
  },
};

const AF_UNIX = 1;
const EPERM = 1;
const ENOSYS = 38;
const SETID_BITS = 0o6000;
/** O_CREAT, and __O_TMPFILE (O_TMPFILE without O_DIRECTORY): open's mode is read only with these. */
const OPEN_FLAGS = 0o100 | 0o20000000;
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
// struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6] (native byte order).
const NR = 0;
const ARCH = 4;
/** The low 32 bits of argument i (modes, flags and domains are ints: the kernel reads those only). */
const argLow = (i: number) => 16 + i * 8 + (os.endianness() === 'LE' ? 0 : 4);

// Classic BPF opcodes.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;
type Op = { code: number; k: number; yes?: string; no?: string } | { label: string };

/** Assembles ops whose jumps name labels; a missing target means "the next instruction". */
function assemble(ops: Op[]): Buffer {
  const code = ops.filter((o): o is Exclude<Op, { label: string }> => !('label' in o));
  const at = new Map<string, number>();
  let index = 0;
  for (const o of ops) {
    if ('label' in o) at.set(o.label, index);
    else index++;
  }
  const out = Buffer.alloc(code.length * 8);
  code.forEach((o, i) => {
    const offset = (label?: string) => {
      if (label === undefined) return 0;
      const target = at.get(label);
      if (target === undefined || target <= i || target - i - 1 > 255) throw new Error(`bad jump to ${label}`);
      return target - i - 1;
    };
    const le = os.endianness() === 'LE';
    if (le) out.writeUInt16LE(o.code, i * 8);
    else out.writeUInt16BE(o.code, i * 8);
    out.writeUInt8(offset(o.yes), i * 8 + 2);
    out.writeUInt8(offset(o.no), i * 8 + 3);
    if (le) out.writeUInt32LE(o.k >>> 0, i * 8 + 4);
    else out.writeUInt32BE(o.k >>> 0, i * 8 + 4);
  });
  return out;
}

/** The filter program for this machine's ABI, or null where none is known (the explanation says so). */
function blockFilter(arch: NodeJS.Architecture = process.arch): Buffer | null {
  const abi = ABIS[arch];
  if (!abi) return null;
  const jump = (nrs: number[], to: string): Op[] => nrs.map((k) => ({ code: JEQ_K, k, yes: to }));
  const modeCheck = (label: string, arg: number): Op[] => [{ label }, { code: LD_W_ABS, k: argLow(arg) }, { code: JSET_K, k: SETID_BITS, yes: 'deny', no: 'allow' }];
  const openCheck = (label: string, flagsArg: number, modeLabel: string): Op[] => [
    { label },
    { code: LD_W_ABS, k: argLow(flagsArg) },
    { code: JSET_K, k: OPEN_FLAGS, yes: modeLabel, no: 'allow' },
  ];
  return assemble([
    { code: LD_W_ABS, k: ARCH },
    { code: JEQ_K, k: abi.audit, no: 'deny' },
    { code: LD_W_ABS, k: NR },
    { code: JGE_K, k: abi.foreignFrom, yes: 'deny' },
    ...jump([abi.ioUringSetup, ...abi.keys], 'deny'),
    ...jump([abi.openat2], 'enosys'),
    ...jump([abi.socket], 'socket'),
    ...jump(abi.mode1, 'mode1'),
    ...jump(abi.mode2, 'mode2'),
    ...(abi.open === null ? [] : jump([abi.open], 'open')),
    { code: JEQ_K, k: abi.openat, yes: 'openat', no: 'allow' },
    { label: 'socket' },
    { code: LD_W_ABS, k: argLow(0) },
    { code: JEQ_K, k: AF_UNIX, yes: 'deny', no: 'allow' },
    ...openCheck('open', 1, 'mode2'),
    ...openCheck('openat', 2, 'mode3'),
    ...modeCheck('mode1', 1),
    ...modeCheck('mode2', 2),
    ...modeCheck('mode3', 3),
    { label: 'allow' },
    { code: RET_K, k: RET_ALLOW },
    { label: 'deny' },
    { code: RET_K, k: RET_ERRNO | EPERM },
    { label: 'enosys' },
    { code: RET_K, k: RET_ERRNO | ENOSYS },
  ]);
}

let written: string | null | undefined;

/**
 * The filter as a path bubblewrap's shell can open: a file written and at once unlinked, held open by
 * this process and named through /proc/PID/fd/N (each open of that name reads it from the start). No
 * file is left behind however this process ends. Null where there is no filter for this ABI or
 * /proc does not show the descriptor.
 */
export function blockFilterPath(): string | null {
  if (written !== undefined) return written;
  const program = blockFilter();
  if (!program) return (written = null);
  const file = path.join(os.tmpdir(), `agentic-seccomp-${process.pid}-${randomBytes(6).toString('hex')}.bpf`);
  const fd = openSync(file, 'wx+', 0o600);
  unlinkSync(file);
  try {
    writeSync(fd, program, 0, program.length, 0);
  } catch {
    closeSync(fd);
    return (written = null);
  }
  return (written = `/proc/${process.pid}/fd/${fd}`);
}
