// Fails when a tracked text file cites a tracker issue (the word "issue" and its number). Part of
// `npm run lint`. Issues are not part of the product: a reader of the repository can open a
// decision record or a DESIGN section, never the tracker, so code, usage texts, tests and docs
// cite those or say the reason themselves (docs/architecture.md "Decision records").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The word, singular or plural, any case, then a number, with or without "#"; not a URL's `/issues/…`, which names another project's. */
const ISSUE_REFERENCE = /(?<![/\w])issues?\s*#?\s?\d+/i;
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|md|json|css|html|sh|yml|yaml|txt)$/;
/** What git ignores (.gitignore) and the lock file, which is npm's text, not ours. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  'screenshots',
  'package-lock.json',
]);

/** Every text file of the repository, whether git knows it yet or not (as import-cycles.ts walks it). */
function textFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

const found: string[] = [];
for (const file of textFiles()) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (ISSUE_REFERENCE.test(line)) found.push(`${path.relative(root, file)}:${index + 1}: ${line.trim()}`);
    });
}
if (found.length > 0) {
  console.error(found.join('\n'));
  console.error(
    `${found.length} line(s) cite a tracker issue: cite the decision record or DESIGN section instead, or say the reason.`,
  );
  process.exit(1);
}
console.log('issue-references: no line cites a tracker issue');
