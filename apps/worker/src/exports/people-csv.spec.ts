import type { PersonRecord } from '@app/database';
import { CSV_COLUMNS, csvField, csvHeader, csvLine, personLines, personRow } from './people-csv';

const person = (over: Partial<PersonRecord> = {}): PersonRecord => ({
  id: '5e0000000000000000000001',
  first_name: 'José',
  last_name: 'Müller, Jr.',
  full_name: 'José "Pepe" Müller, Jr.',
  pro_network_url: 'https://pronet.example/in/jose-01',
  followers: 10,
  location: { city: 'São Paulo', state: 'SP', state_code: 'SP', country: 'Brazil', country_code: 'BR' },
  contact_details: { email: { status: 'valid', revealed: true }, phone: { status: 'unknown' } },
  primary_position: {
    title: 'VP Sales',
    seniority: 'VP',
    departments: ['Sales', 'Marketing'],
    started_at: '2020-01-01',
    ended_at: null,
    company_id: '5c0000000000000000000001',
    company: { name: 'Globex', website: 'globex.com' } as any,
  },
  saved: {
    id: null,
    saved_at: '2026-11-22T10:00:00.000Z',
    list_ids: ['lst_a', 'lst_b'],
    email: 'jose@globex.com',
    email_source: 'revealed',
    edits: {},
  },
  ...over,
});

describe('people CSV', () => {
  it('writes the header row with CRLF', () => {
    expect(csvHeader()).toBe(
      'id,first_name,last_name,full_name,email,email_source,email_status,pro_network_url,title,seniority,departments,company_id,company_name,company_website,city,state,country,saved_at,list_ids\r\n',
    );
    expect(CSV_COLUMNS).toHaveLength(19);
  });

  it('quotes fields with a comma, quote, CR or LF and doubles the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('guards cells a spreadsheet would read as a formula with a leading apostrophe', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-dash@example.com')).toBe("'-dash@example.com");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('\rCR')).toBe('"\'\rCR"');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('guards the look-alikes too: full-width and small-form signs, behind whitespace or invisible characters', () => {
    for (const sign of ['＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫'])
      expect(csvField(`${sign}SUM(A1)`)).toBe(`'${sign}SUM(A1)`);
    const invisible = [
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u00AD',
      '\u200E',
      '\u202E',
      '\u00A0',
      '\u3000',
      ' ',
      '\n',
      '\u180E',
    ];
    for (const prefix of invisible) {
      for (const sign of ['=', '+', '-', '@', '＝']) expect(csvField(`${prefix}${sign}1+1`)).toMatch(/^"?'/);
    }
    expect(csvField('\u200B\u200B =HYPERLINK("x")')).toBe('"\'\u200B\u200B =HYPERLINK(""x"")"');
    // Text that only contains a sign further on stays as it is.
    expect(csvField('\u200Bana=b')).toBe('\u200Bana=b');
    expect(csvField('Ana ＝ Bob')).toBe('Ana ＝ Bob');
    expect(csvField(' ')).toBe(' ');
  });

  it('writes empty cells for null, undefined and empty values, and numbers as they are', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('keeps unicode as it is', () => {
    expect(csvField('Zoë 東京 😀')).toBe('Zoë 東京 😀');
  });

  it('writes a person in column order, lists joined with "; "', () => {
    expect(personRow(person())).toEqual([
      '5e0000000000000000000001',
      'José',
      'Müller, Jr.',
      'José "Pepe" Müller, Jr.',
      'jose@globex.com',
      'revealed',
      'valid',
      'https://pronet.example/in/jose-01',
      'VP Sales',
      'VP',
      'Sales; Marketing',
      '5c0000000000000000000001',
      'Globex',
      'globex.com',
      'São Paulo',
      'SP',
      'Brazil',
      '2026-11-22T10:00:00.000Z',
      'lst_a; lst_b',
    ]);
    expect(personLines([person()])).toBe(
      '5e0000000000000000000001,José,"Müller, Jr.","José ""Pepe"" Müller, Jr.",jose@globex.com,revealed,valid,https://pronet.example/in/jose-01,' +
        'VP Sales,VP,Sales; Marketing,5c0000000000000000000001,Globex,globex.com,São Paulo,SP,Brazil,2026-11-22T10:00:00.000Z,lst_a; lst_b\r\n',
    );
  });

  it('leaves the email empty without one and the position, location and saved cells empty when absent', () => {
    const row = personRow(person({ primary_position: null, location: null, saved: null, first_name: null }));
    expect(row).toEqual([
      '5e0000000000000000000001',
      null,
      'Müller, Jr.',
      'José "Pepe" Müller, Jr.',
      null,
      null,
      'valid',
      'https://pronet.example/in/jose-01',
      null,
      null,
      '',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      '',
    ]);
    expect(csvLine(row)).toBe(
      '5e0000000000000000000001,,"Müller, Jr.","José ""Pepe"" Müller, Jr.",,,valid,https://pronet.example/in/jose-01,,,,,,,,,,,\r\n',
    );
  });
});
