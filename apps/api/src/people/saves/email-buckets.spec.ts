import {
  emptyBucketCounts,
  peopleToCharge,
  previewAnswer,
  tallyItems,
  wholeListCountStatement,
  wholeSourceCounts,
} from './email-buckets';
import { PersonItem } from './selection-request';

const A = '5e00000000000000000000aa';
const B = '5e00000000000000000000bb';
const C = '5e00000000000000000000cc';
const id = (value: string): PersonItem => ({ kind: 'id', identifier: value, id: value });
const url = (key: string): PersonItem => ({ kind: 'url', identifier: `https://${key}`, key });
const invalid = (identifier: string | null): PersonItem => ({ kind: 'invalid', identifier, reason: 'bad' });

describe('data item tally', () => {
  it('counts every item in requested, distinct people once, and repeats nowhere else', () => {
    const items = [
      id(A),
      id(B),
      id(A),
      url('pronet.example/in/c'),
      id(C),
      invalid('zzz'),
      invalid('zzz'),
      invalid(null),
      invalid(null),
      id('5e00000000000000000000dd'),
    ];
    const resolved = [A, B, A, C, C, null, null, null, null, null];
    const tally = tallyItems(items, resolved);
    expect(tally).toEqual({
      requested: 10,
      invalid: 3, // 'zzz' once, each non-string item on its own
      not_matched: 1,
      personIds: [A, B, C],
      outcomes: [
        'person',
        'person',
        'duplicate',
        'person',
        'duplicate',
        'invalid',
        'duplicate',
        'invalid',
        'invalid',
        'not_matched',
      ],
    });
  });

  it('counts a repeated unknown id once in not_matched', () => {
    const tally = tallyItems([id(A), id(A)], [null, null]);
    expect(tally).toMatchObject({ requested: 2, not_matched: 1, personIds: [] });
  });
});

describe('preview answer', () => {
  it('adds the buckets up to savable and needs one credit per to_charge person', () => {
    const emails = { edited: 1, already_owned: 2, to_charge: 3, without_email: 4 };
    expect(previewAnswer({ requested: 12, not_matched: 1, invalid: 1, emails, truncated: false }, 5)).toEqual({
      requested: 12,
      savable: 10,
      not_matched: 1,
      invalid: 1,
      emails,
      credits_needed: 3,
      credits_available: 5,
      enough_credits: true,
      truncated: false,
    });
  });

  it('is not enough with a balance below the need, and never with a zero balance', () => {
    const emails = { ...emptyBucketCounts(), to_charge: 3 };
    expect(
      previewAnswer({ requested: 3, not_matched: 0, invalid: 0, emails, truncated: false }, 2).enough_credits,
    ).toBe(false);
    expect(
      previewAnswer({ requested: 3, not_matched: 0, invalid: 0, emails, truncated: false }, 3).enough_credits,
    ).toBe(true);
    expect(
      previewAnswer({ requested: 0, not_matched: 0, invalid: 0, emails: emptyBucketCounts(), truncated: false }, 0)
        .enough_credits,
    ).toBe(false);
  });
});

describe('people a save charges', () => {
  const buckets = new Map([
    [A, 'to_charge' as const],
    [B, 'already_owned' as const],
    [C, 'to_charge' as const],
  ]);
  it('charges the to_charge people in save order while the balance lasts', () => {
    expect(peopleToCharge([C, B, A], buckets, 10)).toEqual([C, A]);
    expect(peopleToCharge([C, B, A], buckets, 1)).toEqual([C]);
    expect(peopleToCharge([A, B, C], buckets, 0)).toEqual([]);
  });
});

describe('whole-list counts', () => {
  it('derives the four buckets from the totals: owned people leave to_charge even with a valid email', () => {
    // 10 people: 6 with a valid email; owned: 1 edited (valid), 2 revealed (both valid), so 3 valid ones remain to charge.
    expect(wholeSourceCounts({ total: '10', valid: '6', edited: '1', revealed: '2', owned_valid: '3' })).toEqual({
      total: 10,
      emails: { edited: 1, already_owned: 2, to_charge: 3, without_email: 4 },
    });
  });

  it('adds up to the total whatever the mix', () => {
    const { total, emails } = wholeSourceCounts({
      total: 1_000_000,
      valid: 549_966,
      edited: 3_906,
      revealed: 34_392,
      owned_valid: 36_552,
    });
    expect(emails.edited + emails.already_owned + emails.to_charge + emails.without_email).toBe(total);
    expect(emails.to_charge).toBe(513_414);
  });
});

describe('whole-list count statement', () => {
  it('reads one list from its members, saved any from the saves, without_list from saves in no live list', () => {
    const list = wholeListCountStatement('ws_1', { include: ['lst_1'] });
    expect(list.values).toEqual(['ws_1', 'lst_1']);
    expect(list.text).toContain('FROM people_list_members m WHERE m.list_id = (SELECT $2::text)) s');
    const any = wholeListCountStatement('ws_1', { include: [], saved: 'any' });
    expect(any.values).toEqual(['ws_1']);
    expect(any.text).toContain('FROM saved_people s WHERE s.workspace_id = (SELECT $1::text)) s');
    expect(any.text).not.toContain('people_list_members');
    const withoutList = wholeListCountStatement('ws_1', { include: [], saved: 'without_list' });
    expect(withoutList.values).toEqual(['ws_1']);
    expect(withoutList.text).toContain(
      'm.list_id <> ALL (ARRAY(SELECT l.id FROM lists l WHERE l.workspace_id = (SELECT $1::text) AND l.deleted_at IS NOT NULL))',
    );
  });

  it('reads the workspace rows by opaque id or by key per person, never joined to a set sized by their statistics', () => {
    for (const lists of [
      { include: ['lst_1'] },
      { include: [], saved: 'any' },
      { include: [], saved: 'without_list' },
    ]) {
      const { text } = wholeListCountStatement('ws_1', lists);
      // Ids as opaque subqueries: no per-value statistic (stale after a bulk save) sizes what they select.
      expect(text).not.toMatch(/(workspace_id|list_id) = \$/);
      // Memberships are probed per person (OFFSET 0 keeps the EXISTS a subplan), and nothing joins the saves or the members.
      expect(text).not.toMatch(/JOIN (saved_people|people_list_members|lists)/);
      for (const exists of text.match(/EXISTS \(SELECT 1 FROM people_list_members m WHERE[^]*?OFFSET 0\)/g) ?? [])
        expect(exists).toMatch(/m\.person_id = [os]\.person_id/);
    }
  });
});
