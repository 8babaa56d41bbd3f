import { describe, expect, it } from 'vitest';
import { judgeAsInstalled } from '../../../tests/helpers/toolDefinitions.js';
import { checkShellSyntax } from './shellSyntax.js';

describe('checkShellSyntax (mvdan/sh via sh-syntax)', () => {
  it('accepts valid bash, heredocs and functions included', async () => {
    expect(await checkShellSyntax('f() { echo "$1"; }\nf x && cat <<EOF\nhi\nEOF\n[[ -n $x ]] || echo none')).toBeNull();
  });

  it('reports an unterminated quote or a dangling operator', async () => {
    expect(await checkShellSyntax('echo "open')).toMatch(/quote/);
    expect(await checkShellSyntax('ls &&')).not.toBeNull();
  });

  it('makes the approval policy ask for a script it cannot parse', async () => {
    const block = { id: 'b1', tag: 'bash', code: 'echo $(ls', savePath: null, params: {}, start: 0, end: 0 };
    const verdict = await judgeAsInstalled(block, { workspace: '/ws', mode: 'ask-risky', checkShellSyntax });
    expect(verdict).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/does not parse/)] });
  });
});
