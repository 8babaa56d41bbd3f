// PATH lookup without spawning a shell.
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

export async function findExecutable(name: string, envPath = process.env.PATH ?? ''): Promise<string | null> {
  if (name.includes('/')) return (await isExecutable(name)) ? name : null;
  for (const dir of envPath.split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
