// Reads the model self-test's kept results (one JSON file per model, written by `agentic models test`)
// for Settings → Models and the chat's warning. A file that is not a result is skipped, not fatal.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SelfTestResultSchema, type SelfTestResult } from '../../common/selfTest.js';

/** More files than this are not read: the folder holds one per model tried. */
const MAX_RESULTS = 200;

export async function readSelfTestResults(dir: string): Promise<SelfTestResult[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).slice(0, MAX_RESULTS);
  } catch {
    return []; // no test has run yet
  }
  const results: SelfTestResult[] = [];
  for (const name of names) {
    try {
      const parsed = SelfTestResultSchema.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')));
      if (parsed.success) results.push(parsed.data);
    } catch {
      // unreadable or not JSON: not a result
    }
  }
  return results.sort((a, b) => b.date.localeCompare(a.date));
}
