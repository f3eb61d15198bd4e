import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * NPC Circulars 2020-01 and 2022-02 (decision 0107): an online lender's app never reads the
 * contact list, the photo gallery or the location. The native shell only does what a page asks
 * of it through the bridge, so the bridge's actions and the pages' browser calls are the proof.
 */
const src = path.resolve(import.meta.dirname, '../../web/src');
const FORBIDDEN = /contact|gallery|album|photo|media|location|geo|gps/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('data minimisation', () => {
  it('the bridge has no action for contacts, the gallery or the location', () => {
    const bridge = fs.readFileSync(path.join(src, 'lib/bridge.ts'), 'utf8');
    const payloads = /export interface BridgePayloads \{([\s\S]*?)\n\}/.exec(bridge)?.[1] ?? '';
    const actions = [...payloads.matchAll(/^\s{2}(\w+):/gm)].map((match) => match[1]!);
    expect(actions).toContain('openPage');
    expect(actions.filter((action) => FORBIDDEN.test(action))).toEqual([]);
  });

  it('no borrower page asks the browser for the location, contacts or the camera roll', () => {
    // /testPreview is a developer tool, off in production (D14): it probes what a shell grants.
    const pages = sourceFiles(src).filter((file) => !file.includes(`${path.sep}test-preview${path.sep}`));
    expect(pages.length).toBeGreaterThan(20);
    const asking = pages.filter((file) =>
      /navigator\.(geolocation|contacts|mediaDevices)|getUserMedia|showOpenFilePicker/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(asking.map((file) => path.relative(src, file))).toEqual([]);
  });
});
