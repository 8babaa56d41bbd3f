// A seccomp filter for blocks that have the network: they may not create Unix-domain sockets.
//
// Why: abstract Unix sockets (`@/tmp/.X11-unix/X0`, some D-Bus buses) belong to the network
// namespace, not the file system, so hiding paths cannot hide them; a block that shares the host's
// network namespace could reach the user's X server or session bus. seccomp cannot read the address
// a connect() names, so the filter refuses the socket itself: socket(AF_UNIX, …) fails with EPERM.
// socketpair() stays allowed (it names nothing; Python's multiprocessing and libuv use it).
// io_uring is refused too, since its own socket and connect operations bypass seccomp; and so is
// every syscall of another ABI (i386 or x32 on x86-64, arm32 on arm64), which has its own numbers.
// Without the network a block has its own empty namespace and needs no filter.
//
// bubblewrap loads the program (classic BPF, struct sock_filter[]) from a file descriptor
// (`--seccomp FD`) after setting no_new_privs; see sandbox.ts for how the descriptor is passed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Abi {
  /** AUDIT_ARCH_* of the native ABI. */
  audit: number;
  socket: number;
  ioUringSetup: number;
  /** Syscall numbers at or above this belong to another ABI (x32's flag bit on x86-64). */
  foreignFrom: number;
}

const ABIS: Partial<Record<NodeJS.Architecture, Abi>> = {
  x64: { audit: 0xc000003e, socket: 41, ioUringSetup: 425, foreignFrom: 0x40000000 },
  arm64: { audit: 0xc00000b7, socket: 198, ioUringSetup: 425, foreignFrom: 0x40000000 },
};

const AF_UNIX = 1;
const EPERM = 1;
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
// struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6] (native byte order).
const NR = 0;
const ARCH = 4;
const ARG0 = 16;
const ARG0_LOW = os.endianness() === 'LE' ? ARG0 : ARG0 + 4;

// Classic BPF opcodes.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
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
export function unixSocketFilter(arch: NodeJS.Architecture = process.arch): Buffer | null {
  const abi = ABIS[arch];
  if (!abi) return null;
  return assemble([
    { code: LD_W_ABS, k: ARCH },
    { code: JEQ_K, k: abi.audit, no: 'deny' },
    { code: LD_W_ABS, k: NR },
    { code: JGE_K, k: abi.foreignFrom, yes: 'deny' },
    { code: JEQ_K, k: abi.ioUringSetup, yes: 'deny' },
    { code: JEQ_K, k: abi.socket, no: 'allow' },
    // The domain is an int: the kernel reads the low 32 bits only, and so does the filter.
    { code: LD_W_ABS, k: ARG0_LOW },
    { code: JEQ_K, k: AF_UNIX, yes: 'deny', no: 'allow' },
    { label: 'allow' },
    { code: RET_K, k: RET_ALLOW },
    { label: 'deny' },
    { code: RET_K, k: RET_ERRNO | EPERM },
  ]);
}

let written: string | null | undefined;

/**
 * The filter as a file bubblewrap can read (written once per process into a private 0700 folder,
 * removed at exit), or null where there is no filter for this ABI.
 */
export function unixSocketFilterFile(): string | null {
  if (written !== undefined) return written;
  const program = unixSocketFilter();
  if (!program) return (written = null);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentic-seccomp-'));
  const file = path.join(dir, 'no-unix-sockets.bpf');
  writeFileSync(file, program, { mode: 0o600 });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (written = file);
}
