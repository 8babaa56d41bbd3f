import { describe, expect, it } from 'vitest';
import { javaNames, planFor } from './languages.js';

describe('javaNames', () => {
  it.each([
    ['public class Greeter { public static void main(String[] a) {} }', 'Greeter', 'Greeter'],
    ['class App { public static void main(String[] a) {} }', 'App', 'App'],
    ['class Util {}\nclass Runner { static public void main(String[] a) {} }', 'Runner', 'Runner'],
    ['public class Shape {}\nclass Main { public static void main(String[] a) {} }', 'Shape', 'Main'],
    ['package demo.app;\npublic final class Tool { public static void main(String[] a) {} }', 'Tool', 'demo.app.Tool'],
    ['// class Fake\n/* public class Nope */\npublic class Real { public static void main(String[] a) { System.out.println("class X"); } }', 'Real', 'Real'],
    ['public record Point(int x) { public static void main(String[] a) {} }', 'Point', 'Point'],
  ])('names the file after the public class and runs the class with main: %s', (code, fileBase, mainClass) => {
    expect(javaNames(code)).toEqual({ fileBase, mainClass });
  });
});

describe('planFor', () => {
  const ctx = { buildDir: '/b', workspace: '/ws', cacheDir: '/cache' };
  it('compiles C and Go into the build folder and runs the program there, from the workspace', () => {
    const c = planFor('c', '', { ...ctx, toolchain: { language: 'c', available: true, version: '', commands: { cc: 'gcc' }, missing: [] } });
    expect(c.compile?.args).toEqual(['-I', '/ws', '-o', '/b/program', '/b/main.c', '-lm']);
    expect(c.run.file).toBe('/b/program');
    const go = planFor('go', '', { ...ctx, toolchain: { language: 'go', available: true, version: '', commands: { go: 'go' }, missing: [] } });
    expect(go.env.GOCACHE).toBe('/cache/go-build');
  });

  it('puts the workspace on the Python import path, since the script lives in the build folder', () => {
    const py = planFor('python', '', { ...ctx, toolchain: { language: 'python', available: true, version: '', commands: { python: '/usr/bin/python3' }, missing: [] } });
    expect(py.env.PYTHONPATH?.split(':')[0]).toBe('/ws');
  });
});
