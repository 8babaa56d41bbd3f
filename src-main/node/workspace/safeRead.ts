// Reading a workspace file the model or the page names, without hanging on what is not a file. A
// block can leave a named pipe, a socket or a device node in the workspace: opening a FIFO to read
// waits for a writer forever, and each such wait holds one of libuv's four file-system threads,
// so four of them stop every file operation of the process (the web host stops answering). Such
// entries are refused by their type, and files are opened non-blocking so one swapped in after the
// check cannot block the open either.
import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { AppError } from '../../common/errors.js';

/** What the entry is when it is neither a regular file nor a folder ("a named pipe"), else null. */
export function notAFile(info: Stats): string | null {
  if (info.isFile() || info.isDirectory()) return null;
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

export const notAFileMessage = (shown: string, what: string): string => `${shown} is ${what}, not a file: it is not opened.`;

/**
 * Up to `maxBytes` of the regular file `file` from `position`, and its size; anything else is refused
 * with a clear error. Opened first (non-blocking), then checked on the descriptor: a type checked
 * on the path and an open after it would race with a named pipe swapped in between. `noFollow`: a
 * path resolved already (resolveInWorkspace) must not become a link between that and the open.
 */
export async function readRegular(file: string, shown: string, maxBytes: number, position = 0, noFollow = false): Promise<{ data: Buffer; size: number }> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (noFollow ? (constants.O_NOFOLLOW ?? 0) : 0)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ELOOP') throw new AppError('BAD_INPUT', `${shown} became a symbolic link while it was read: it is not opened.`);
    throw error;
  });
  try {
    const info = await handle.stat();
    const what = info.isFile() ? null : (notAFile(info) ?? 'a folder');
    if (what) throw new AppError('BAD_INPUT', notAFileMessage(shown, what));
    const length = Math.max(0, Math.min(maxBytes, info.size - position));
    const data = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(data, read, length - read, position + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { data: data.subarray(0, read), size: info.size };
  } finally {
    await handle.close();
  }
}
