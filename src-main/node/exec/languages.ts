// How each language turns a block into commands. Sources and build outputs live in a private folder
// per block; programs run with the workspace as their working directory.
import path from 'node:path';
import type { CodeLanguage, Toolchain } from './toolchains.js';

export interface CommandLine {
  file: string;
  args: string[];
}

export interface LanguagePlan {
  /** File name of the source inside the build folder. */
  sourceName: string;
  compile: CommandLine | null;
  run: CommandLine;
  env: Record<string, string>;
}

export interface PlanContext {
  toolchain: Toolchain;
  buildDir: string;
  workspace: string;
  /** Persistent, writable cache folder (the Go build cache). */
  cacheDir: string;
}

const JAVA_TYPE_RE = /\b(?:public\s+|final\s+|abstract\s+|static\s+|sealed\s+|strictfp\s+)*(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/g;

/**
 * Java's file name must match its public class, and the class to run is the one declaring main:
 * both are read from the code, so any class name works.
 */
export function javaNames(code: string): { fileBase: string; mainClass: string } {
  const stripped = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"/g, '""');
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(stripped)?.[1];
  const types = [...stripped.matchAll(JAVA_TYPE_RE)].map((m) => ({ name: m[1]!, at: m.index, isPublic: /\bpublic\b/.test(m[0]) }));
  const publicType = types.find((t) => t.isPublic);
  const mainAt = stripped.search(/\bstatic\s+(?:public\s+)?void\s+main\s*\(/);
  // main belongs to the nearest type declared before it (nested types are rare in a model's block).
  const owner = mainAt === -1 ? undefined : [...types].reverse().find((t) => t.at < mainAt);
  const main = owner?.name ?? publicType?.name ?? types[0]?.name ?? 'Main';
  return { fileBase: publicType?.name ?? main, mainClass: pkg ? `${pkg}.${main}` : main };
}

export function planFor(language: CodeLanguage, code: string, ctx: PlanContext): LanguagePlan {
  const { commands } = ctx.toolchain;
  const inBuild = (name: string) => path.join(ctx.buildDir, name);
  const program = inBuild('program');
  switch (language) {
    case 'python':
      // The script lives in the build folder, so the workspace goes on the import path explicitly.
      return {
        sourceName: 'main.py',
        compile: null,
        run: { file: commands.python!, args: [inBuild('main.py')] },
        env: { PYTHONPATH: [ctx.workspace, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter) },
      };
    case 'bash':
      return { sourceName: 'script.sh', compile: null, run: { file: commands.bash!, args: ['--noprofile', '--norc', inBuild('script.sh')] }, env: {} };
    case 'c':
      return {
        sourceName: 'main.c',
        compile: { file: commands.cc!, args: ['-I', ctx.workspace, '-o', program, inBuild('main.c'), '-lm'] },
        run: { file: program, args: [] },
        env: {},
      };
    case 'go':
      return {
        sourceName: 'main.go',
        compile: { file: commands.go!, args: ['build', '-o', program, inBuild('main.go')] },
        run: { file: program, args: [] },
        env: { GOCACHE: path.join(ctx.cacheDir, 'go-build'), GOPATH: path.join(ctx.cacheDir, 'gopath'), GOTOOLCHAIN: 'local' },
      };
    case 'java': {
      const { fileBase, mainClass } = javaNames(code);
      const classes = inBuild('classes');
      const classPath = [classes, ctx.workspace].join(path.delimiter);
      return {
        sourceName: `${fileBase}.java`,
        // -proc:none: no annotation processor (found on the class path, the workspace's) runs while compiling.
        compile: { file: commands.javac!, args: ['-encoding', 'UTF-8', '-proc:none', '-cp', ctx.workspace, '-d', classes, inBuild(`${fileBase}.java`)] },
        run: { file: commands.java!, args: ['-cp', classPath, mainClass] },
        env: {},
      };
    }
  }
}
