import { describe, expect, it } from 'vitest';
import {
  complaintRefusal,
  isNeedScore,
  parseImageUrls,
} from '../../../src/features/complaints/complaint-rules.ts';

const types = [
  { parentValue: 0, value: 1 },
  { parentValue: 0, value: 2 },
  { parentValue: 1, value: 1 },
  { parentValue: 1, value: 2 },
];
const draft = {
  problemType: 2,
  problemSonType: 0,
  problemDetail: 'Late disbursement',
  imageCount: 0,
  orderAllowsCollection: true,
};

describe('complaint rules', () => {
  it('reads image ids from relative and absolute URLs, and marks anything else as missing', () => {
    const id = 'abcdefghijklmnopqrstuv';
    expect(parseImageUrls('')).toEqual([]);
    expect(
      parseImageUrls(
        ` /user-problem/problem-img/${id} ,https://app.example/user-problem/problem-img/${id}?sessionId=x`,
      ),
    ).toEqual([id, id]);
    expect(
      parseImageUrls('/user-problem/problem-img/../../etc/passwd,/elsewhere/x.jpg,javascript:alert(1)'),
    ).toEqual([null, null, null]);
  });

  it.each([
    ['an empty description', { problemDetail: ' \n ' }, 'complaintEmpty'],
    ['201 characters', { problemDetail: 'x'.repeat(201) }, 'complaintTooLong'],
    ['10 images', { imageCount: 10 }, 'complaintTooManyImages'],
    ['an unknown type', { problemType: 7 }, 'complaintTypeInvalid'],
    ['a sub-type that is not one', { problemType: 1, problemSonType: 9 }, 'complaintTypeInvalid'],
    ['no sub-type where sub-types exist', { problemType: 1, problemSonType: 0 }, 'complaintTypeInvalid'],
    ['a sub-type where none exist', { problemSonType: 1 }, 'complaintTypeInvalid'],
    [
      'collection on an order that does not allow it',
      { problemType: 1, problemSonType: 2, orderAllowsCollection: false },
      'collectionTypeRefused',
    ],
    [
      'collection without an order',
      { problemType: 1, problemSonType: 2, orderAllowsCollection: null },
      'collectionTypeRefused',
    ],
  ])('refuses %s', (_name, change, refusal) => {
    expect(complaintRefusal({ ...draft, ...change }, types)).toBe(refusal);
  });

  it('accepts 200 characters, 9 images, and collection on an order that allows it', () => {
    expect(complaintRefusal({ ...draft, problemDetail: 'x'.repeat(200), imageCount: 9 }, types)).toBeNull();
    expect(complaintRefusal({ ...draft, problemType: 1, problemSonType: 2 }, types)).toBeNull();
    expect(complaintRefusal({ ...draft, orderAllowsCollection: null }, types)).toBeNull();
  });

  it('asks for a score only after a reply and until one is given; unknown statuses read as settled', () => {
    expect(isNeedScore({ score_requested: 0, score: null })).toBe(0);
    expect(isNeedScore({ score_requested: 1, score: null })).toBe(1);
    expect(isNeedScore({ score_requested: 1, score: 3 })).toBe(0);
  });
});
