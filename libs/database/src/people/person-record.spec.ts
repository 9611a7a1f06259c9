import { toPersonSavedBlock } from './person-record';

describe('person saved block', () => {
  const row = {
    person_id: '5e0000000000000000000001',
    saved_at: new Date('2026-11-20T10:00:00Z'),
    revealed_email: null,
    edited_email: null,
    list_ids: null,
  };

  it('answers the edited email first, else the revealed one, and says which', () => {
    expect(toPersonSavedBlock({ ...row, revealed_email: 'jose@globex.com', edited_email: 'Jose@new.example' })).toEqual(
      {
        id: null,
        saved_at: '2026-11-20T10:00:00.000Z',
        list_ids: [],
        email: 'Jose@new.example',
        email_source: 'edited',
        edits: { email: 'Jose@new.example' },
      },
    );
    expect(
      toPersonSavedBlock({ ...row, revealed_email: 'jose@globex.com', list_ids: ['lst_b', 'lst_a'] }),
    ).toMatchObject({
      list_ids: ['lst_b', 'lst_a'],
      email: 'jose@globex.com',
      email_source: 'revealed',
      edits: {},
    });
  });

  it('has no email and no edits when nothing was revealed or edited', () => {
    const block = toPersonSavedBlock(row);
    expect(block).toMatchObject({ email: null, email_source: null, edits: {} });
    expect(Object.keys(block.edits)).toEqual([]);
  });
});
