/** RFC 9285 base45, the alphabet QR alphanumeric mode encodes densely (the ePhilID's QR). */
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const valueOf = new Map([...alphabet].map((char, index) => [char, index]));

export class Base45Error extends Error {}

export function encodeBase45(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 2) {
    if (i + 1 < bytes.length) {
      let n = bytes[i]! * 256 + bytes[i + 1]!;
      for (let k = 0; k < 3; k += 1) {
        out += alphabet[n % 45];
        n = Math.floor(n / 45);
      }
    } else {
      const n = bytes[i]!;
      out += alphabet[n % 45]! + alphabet[Math.floor(n / 45)]!;
    }
  }
  return out;
}

export function decodeBase45(text: string): Uint8Array {
  if (text.length % 3 === 1) throw new Base45Error('base45 text has a dangling character');
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 3) {
    const digits = [...text.slice(i, i + 3)].map((char) => {
      const value = valueOf.get(char);
      if (value === undefined) throw new Base45Error(`not a base45 character: ${JSON.stringify(char)}`);
      return value;
    });
    const n = digits.reduce((sum, digit, k) => sum + digit * 45 ** k, 0);
    if (digits.length === 3) {
      if (n > 0xffff) throw new Base45Error('base45 triple out of range');
      out.push(n >> 8, n & 0xff);
    } else {
      if (n > 0xff) throw new Base45Error('base45 pair out of range');
      out.push(n);
    }
  }
  return Uint8Array.from(out);
}
