import { describe, expect, it } from 'vitest';
import { clientTypeFromUserAgent, downloadHash, parseHash, pickPromotionQuery } from '../src/promotion.ts';

describe('promotion query and hash routes', () => {
  const query = pickPromotionQuery(
    new URLSearchParams(
      'id=1&app_from=fb&user_from=u7&utm_tag=spring&links_id=77&down_id=88&invite_code=I&UC=c&other=x&empty=',
    ),
  );

  it('picks the landing query fields only, dropping empty ones', () => {
    expect(query).toEqual({
      id: '1',
      app_from: 'fb',
      user_from: 'u7',
      utm_tag: 'spring',
      links_id: '77',
      down_id: '88',
      invite_code: 'I',
      UC: 'c',
    });
  });

  it('carries app_from, user_from, utm_tag, id and links_id — or down_id when there is no links_id', () => {
    expect(downloadHash(query)).toBe(
      '#/downloadTemplate?app_from=fb&user_from=u7&utm_tag=spring&id=1&links_id=77',
    );
    const { links_id: _dropped, ...withoutLinks } = query;
    expect(downloadHash(withoutLinks)).toBe(
      '#/downloadTemplate?app_from=fb&user_from=u7&utm_tag=spring&id=1&down_id=88',
    );
    expect(downloadHash({})).toBe('#/downloadTemplate');
  });

  it('parses a hash route and its query', () => {
    const parsed = parseHash('#/downloadTemplate?id=1&utm_tag=x');
    expect(parsed.route).toBe('#/downloadTemplate');
    expect(parsed.query.get('utm_tag')).toBe('x');
    expect(parseHash('').route).toBe('#/');
  });

  it('tells iOS from Android by the user agent', () => {
    expect(clientTypeFromUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(clientTypeFromUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8; wv)')).toBe('android');
  });
});
