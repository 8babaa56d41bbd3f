import { describe, expect, it } from 'vitest';
import { checkInteractive } from './interactive.js';

describe('checkInteractive', () => {
  it.each([
    ['python', 'name = input("Name? ")\nprint(name)'],
    ['python', 'x = int(input())'],
    ['python', 'import curses\ncurses.wrapper(main)'],
    ['python', 'from getpass import getpass\npw = getpass()'],
    ['python', 'import sys\ndata = sys.stdin.read()'],
    ['bash', 'read -p "Name: " name\necho $name'],
    ['bash', 'echo start; read answer'],
    ['bash', 'vim notes.txt'],
    ['c', '#include <stdio.h>\nint main(){int x; scanf("%d", &x); return 0;}'],
    ['c', 'char b[9]; fgets(b, 9, stdin);'],
    ['go', 'var n int\nfmt.Scanln(&n)'],
    ['go', 'r := bufio.NewReader(os.Stdin)'],
    ['java', 'Scanner in = new Scanner(System.in);'],
  ])('refuses %s code that waits for the keyboard: %s', (tag, code) => {
    const feedback = checkInteractive(tag, code);
    expect(feedback).toMatch(/not run/);
    expect(feedback).toMatch(/variables/);
    expect(feedback).toMatch(/print/);
  });

  it.each([
    ['python', 'class Form:\n    def input(self, v):\n        return v\nForm().input(3)'],
    ['python', 'widget.input("x")'],
    ['python', '# do not call input() here\nprint("input() is not used")'],
    ['python', 'user_input = 5\nprint(user_input)'],
    ['bash', 'while read line; do echo "$line"; done < data.txt'],
    ['bash', 'cat data.txt | while read -r l; do echo "$l"; done'],
    ['bash', 'read -r a b <<< "1 2"; echo $a'],
    ['bash', 'echo "please read the docs"; thread=3'],
    ['c', '#include <stdio.h>\nint main(){printf("use scanf(x)\\n"); return 0;}'],
    ['go', 'fmt.Println("fmt.Scan is not used")'],
    ['java', 'System.out.println("new Scanner(System.in)");'],
    ['file_finder', 'name=input.txt'],
  ])('lets %s code without terminal input run: %s', (tag, code) => {
    expect(checkInteractive(tag, code)).toBeNull();
  });
});
