// Lint guard: fails when the source imports form a cycle. Cycles make load order matter (a module
// sees another's exports as undefined while both are still loading) and blur which layer owns a
// fact. Type-only imports count too: they vanish at run time, but a type that two modules each take
// from the other still means neither can be read or moved alone.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOTS = ['src-main', 'src-renderer', 'src-preload'];
// The repository by default; a test passes a folder of its own.
const root = process.argv[2] ? resolve(process.argv[2]) : resolve(dirname(new URL(import.meta.url).pathname), '../..');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function imports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets = [];
  for (const node of source.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) continue;
    if (!ts.isStringLiteral(node.moduleSpecifier)) continue;
    const target = resolveSpecifier(file, node.moduleSpecifier.text);
    if (target) targets.push(target);
  }
  return targets;
}

// Tarjan's strongly connected components, iterative so a deep import chain cannot overflow the stack.
function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edge] = frame;
      const edges = graph.get(node) ?? [];
      if (edge < edges.length) {
        frame[1]++;
        const next = edges[edge];
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.includes(node)) found.push(component);
    }
  }
  return found;
}

const graph = new Map();
for (const dir of ROOTS.filter((d) => existsSync(join(root, d)))) for (const file of sourceFiles(join(root, dir))) graph.set(file, imports(file));
const found = cycles(graph);
for (const component of found) {
  process.stderr.write(
    `import cycle: ${component
      .map((f) => relative(root, f))
      .sort()
      .join(' <-> ')}\n`,
  );
}
if (found.length > 0) process.exit(1);
process.stdout.write(`import cycles: none in ${graph.size} modules\n`);
