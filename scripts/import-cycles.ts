// Fails when modules import each other in a circle (docs/architecture.md "Boundaries"). Part of
// `npm run lint`. Our own, not import-x/no-cycle: that rule never follows an import into a .ts
// file with explicit extensions in our setup and so reports nothing (decision 0043).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

const SKIPPED = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'screenshots']);

/** Every source file of the repository, whether git knows it yet or not. */
function sourceFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The files a module imports or re-exports by relative path (packages are not followed: they import nothing back). */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => known.has(target));
}

/** Every strongly connected group of more than one module (or a module importing itself): each holds a cycle. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const files = sourceFiles();
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
const cycles = findCycles(graph);
if (cycles.length > 0) {
  for (const cycle of cycles) {
    console.error(`Import cycle: ${cycle.map((file) => path.relative(root, file)).join(' → ')}`);
  }
  console.error(`${cycles.length} import cycle(s): move what both sides need into a module both import.`);
  process.exit(1);
}
console.log(`import-cycles: ${files.length} modules, no cycles`);
