import fs from 'node:fs';
import path from 'node:path';

const README = path.resolve(import.meta.dirname, '../../../README.md');

/**
 * The arguments after `--` of the README's first `npm run <script> -- …` command a reader can run
 * as written (one without a placeholder such as `<id>`, `[…]` or `...`), split as a shell splits
 * them (double quotes), so a test runs the command a reader copies.
 */
export function readmeCommand(script: string): string[] {
  const prefix = `npm run ${script} -- `;
  const readme = fs.readFileSync(README, 'utf8');
  for (let at = readme.indexOf(prefix); at >= 0; at = readme.indexOf(prefix, at + 1)) {
    const line = readme.slice(at + prefix.length).split(/[`\n|]/)[0]!;
    if (/[<>[\]]|\.\.\.|…/.test(line)) continue;
    return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
  }
  throw new Error(`README.md has no runnable "${prefix}…" command`);
}
