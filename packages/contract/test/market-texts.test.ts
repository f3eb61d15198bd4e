import { describe, expect, it } from 'vitest';
import { localizeText, marketMessages, marketTexts, messages, type MessageKey } from '../src/index.ts';

// CJK ideographs and marks, and full-width forms ('！', '，').
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
// Words of the spec's Indonesian toast and the everyday ones a later text would use.
const INDONESIAN = /\b(silakan|pilih|anda|tidak|berhasil|gagal|mohon|masukkan|kode|terima kasih|bayar)\b/i;
const foreign = (text: string) => CJK.test(text) || INDONESIAN.test(text);

const catalogue = Object.entries(messages) as [MessageKey, string][];
const specForeign = catalogue.filter(([, text]) => foreign(text));

describe('market text overlays', () => {
  it('finds the spec texts it must cover (the detector works)', () => {
    const keys = specForeign.map(([key]) => key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'phoneInvalid',
        'legacyChooseCard',
        'legacySmsCodeInvalid',
        'ratingChooseStars',
      ]),
    );
  });

  it.each(['PH', 'IN'] as const)('%s overlays every Chinese or Indonesian catalogue text', (market) => {
    const missing = specForeign.filter(([key]) => !(key in marketTexts[market])).map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it.each(['PH', 'IN'] as const)(
    '%s: no page or toast text, walked through the overlay, is Chinese or Indonesian',
    (market) => {
      const shown = marketMessages(market);
      for (const [key, text] of catalogue) {
        expect(foreign(shown[key]), `${key}: ${shown[key]}`).toBe(false);
        // What leaves the server or becomes a toast passes localizeText, alone or quoted.
        expect(foreign(localizeText(text, market)), key).toBe(false);
        expect(foreign(localizeText(`phone: ${text}`, market)), key).toBe(false);
      }
    },
  );

  it("keeps the spec texts exactly in the spec's market", () => {
    expect(marketMessages('spec')).toEqual(messages);
    for (const [, text] of catalogue) expect(localizeText(text, 'spec')).toBe(text);
  });

  it('overlays only catalogue keys, with a text of their own', () => {
    for (const overlay of Object.values(marketTexts)) {
      for (const [key, text] of Object.entries(overlay)) {
        expect(key in messages, key).toBe(true);
        expect(text.trim(), key).not.toBe('');
      }
    }
  });
});
