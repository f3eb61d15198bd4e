import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../src/web-routes.ts';

describe('sameOriginPath', () => {
  it('keeps a path of our own, query and hash included', () => {
    for (const path of ['/orderDetails?orderId=1&sessionId=a%20b', '/', '/repay#top', '/a/../b'])
      expect(sameOriginPath(path), path).toBe(path);
  });

  it('refuses what a browser would take off-site: tabs, line breaks, backslashes, //host, schemes', () => {
    for (const path of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      ' /evil',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '',
      undefined,
      42,
    ])
      expect(sameOriginPath(path), JSON.stringify(path)).toBeNull();
  });
});
