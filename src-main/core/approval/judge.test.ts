import { describe, expect, it } from 'vitest';
import type { Block } from '../ports.js';
import type { JudgeOptions } from './judge.js';
import { judgeAsInstalled } from '../../../tests/helpers/toolDefinitions.js';

const WS = '/home/u/project';
const block = (tag: string, code: string, savePath: string | null = null): Block => ({ id: 'b1', tag, code, savePath, params: {}, start: 0, end: 0 });
const opts: JudgeOptions = { workspace: WS, mode: 'ask-risky' };
const bash = (code: string, o: Partial<JudgeOptions> = {}) => judgeAsInstalled(block('bash', code), { ...opts, ...o });

describe('judgeBlock: shell', () => {
  it.each([
    'echo digital',
    'committee --help',
    'farm',
    'echo address; ls -la',
    'git status && git commit -m "rm the old kill switch"',
    'python3 main.py',
    'gcc x.c && ./a.out',
    'echo hi > out.txt 2>&1',
    'ls 2>/dev/null | grep x',
    'mv a b',
    'cat <<EOF > notes.md\nrm -rf /\nEOF',
    'echo "rm -rf /tmp/x"',
    'for f in *.txt; do wc -l "$f"; done',
    'mkdir -p build && cp a.txt build/',
  ])('allows a safe script: %s', async (code) => {
    expect(await bash(code)).toEqual({ action: 'allow' });
  });

  it.each([
    ['rm x', /rm/],
    ['/bin/rm x', /rm/],
    ['./rm x', /rm/],
    ['sudo /usr/bin/git push --force', /sudo/],
    ['sudo /usr/bin/git push --force', /force push/],
    ['kill -9 1', /kill/],
    ['mv a b --force', /forced/],
    ['dd if=/dev/zero of=/dev/sda bs=1M', /dd/],
    ['echo x; rm -rf y', /rm/],
    ['true && rm y', /rm/],
    ['false || rm y', /rm/],
    ['ls | xargs rm', /rm/],
    ['echo $(rm -rf y)', /rm/],
    ['echo `kill 1`', /kill/],
    ['echo a\nchmod 777 f', /chmod/],
    ['echo hi > /etc/motd', /outside the workspace: \/etc\/motd/],
    ['echo hi >> ../neighbour.txt', /outside the workspace/],
    ['echo hi > ~/x', /outside the workspace/],
    ['cp data.txt /usr/local/share/', /outside the workspace/],
    ['bash -c "rm -rf build"', /rm/],
    ['find . -name "*.o" -delete', /find -delete/],
    ['find . -exec rm {} \\;', /rm/],
    ['git reset --hard HEAD~1', /reset --hard/],
    ['git push origin +main', /force push/],
    ['A=1 nohup pkill node &', /pkill/],
    ['if true; then shred secret; fi', /shred/],
    ['mkfs.ext4 /dev/sdb1', /formats a disk/],
    ['c=rm; $c -rf data', /computed at run time/],
    ['$(echo rm) x', /computed at run time/],
    ['r""m x', /rm/],
    ['\\rm x', /rm/],
    ['busybox rm x', /rm/],
    ['python3 -c "import shutil; shutil.rmtree(\'data\')"', /deletes/],
    ['tee -a /etc/hosts < new', /outside the workspace/],
  ])('asks before %s', async (code, reason) => {
    const verdict = await bash(code);
    expect(verdict.action).toBe('ask');
    expect(verdict.action === 'ask' && verdict.reasons.join(' | ')).toMatch(reason);
  });

  it.each(['rm -rf /', 'sudo rm -rf ~', 'rm -fr /*', ':(){ :|:& };:'])('denies %s outright, even in allow-all mode', async (code) => {
    expect((await bash(code, { mode: 'allow-all' })).action).toBe('deny');
  });

  it('asks when the script does not parse, since it cannot be checked', async () => {
    const verdict = await bash('echo "open', { checkShellSyntax: async () => 'reached EOF without closing quote' });
    expect(verdict).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/does not parse/)] });
  });
});

describe('judgeBlock: modes, taint and other languages', () => {
  it('asks for every code block in ask-all mode', async () => {
    expect((await judgeAsInstalled(block('python', 'print(1)'), { ...opts, mode: 'ask-all' })).action).toBe('ask');
  });

  it('allows risky code in allow-all mode unless untrusted content entered the turn', async () => {
    expect(await bash('rm x', { mode: 'allow-all' })).toEqual({ action: 'allow' });
    expect((await bash('echo hi', { mode: 'allow-all', tainted: true })).action).toBe('ask');
  });

  it('makes every code block ask when the turn is tainted', async () => {
    const verdict = await judgeAsInstalled(block('python', 'print(1)'), { ...opts, tainted: true });
    expect(verdict).toMatchObject({ action: 'ask', reasons: [expect.stringMatching(/untrusted/)] });
  });

  it('allows non-code tools (they police themselves)', async () => {
    expect(await judgeAsInstalled(block('file_finder', 'name=x'), { ...opts, mode: 'ask-all' })).toEqual({ action: 'allow' });
  });

  it('asks when a save path leaves the workspace', async () => {
    expect((await judgeAsInstalled(block('python', 'print(1)', '../x.py'), opts)).action).toBe('ask');
  });

  it.each([
    ['python', 'import shutil\nshutil.rmtree("build")', /deletes/],
    ['python', 'import os\nos.remove("a.txt")', /deletes/],
    ['python', 'import os, signal\nos.kill(1234, signal.SIGKILL)', /kills/],
    ['python', 'import subprocess\nsubprocess.run("rm -rf data", shell=True)', /rm/],
    ['python', 'import subprocess\nsubprocess.run(["git", "push", "--force"])', /force push/],
    ['python', 'with open("/etc/hosts", "a") as f:\n    f.write("x")', /outside the workspace: \/etc\/hosts/],
    ['c', '#include <stdio.h>\nint main(){ remove("a.txt"); }', /deletes/],
    ['c', 'int main(){ system("sudo reboot"); }', /sudo/],
    ['c', 'FILE *f = fopen("/var/tmp/x", "w");', /outside/],
    ['go', 'os.RemoveAll("out")', /deletes/],
    ['go', 'exec.Command("kill", "-9", "1").Run()', /kill/],
    ['go', 'os.WriteFile("/etc/x", b, 0644)', /outside/],
    ['java', 'Files.delete(Paths.get("a"));', /deletes/],
    ['java', 'new ProcessBuilder("rm", "-rf", "x").start();', /rm/],
    ['java', 'new FileWriter("/root/x.txt")', /outside/],
  ])('asks before %s code that %s', async (tag, code, reason) => {
    const verdict = await judgeAsInstalled(block(tag, code), opts);
    expect(verdict.action).toBe('ask');
    expect(verdict.action === 'ask' && verdict.reasons.join(' | ')).toMatch(reason);
  });

  it.each([
    ['python', 'print("rm -rf / is dangerous")\n# os.remove("x")'],
    ['python', 'with open("/etc/hosts") as f:\n    print(f.read())'],
    ['python', 'with open("out.txt", "w") as f:\n    f.write("ok")'],
    ['python', 'import subprocess\nprint(subprocess.run(["ls", "-la"], capture_output=True).stdout)'],
    ['c', '#include <stdio.h>\nint main(){ printf("kill(1)\\n"); FILE *f = fopen("/etc/passwd", "r"); }'],
    ['go', 'fmt.Println("os.Remove")'],
    ['java', 'System.out.println("Files.delete");'],
  ])('allows plain %s code: %s', async (tag, code) => {
    expect(await judgeAsInstalled(block(tag, code), opts)).toEqual({ action: 'allow' });
  });
});
