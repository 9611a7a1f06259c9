import {
  canonicalTitleTokens,
  containsTokens,
  TITLE_ABBREVIATIONS,
  TITLE_CONNECTORS,
  titleCanon,
  titleKey,
  titleTerms,
  titleWords,
} from './job-titles';

/** Whether a CONTAINS `term` matches `title` the way the compiled query does (`title_terms @> tokens`). */
const contains = (title: string, term: string): boolean => {
  const terms = new Set(titleTerms(title));
  return containsTokens(term).every((t) => terms.has(t));
};

describe('titleWords', () => {
  it('splits on everything but letters and digits and lower-cases', () => {
    expect(titleWords('VP, Sales & Marketing (EMEA) / Tier-2')).toEqual([
      'vp',
      'sales',
      'marketing',
      'emea',
      'tier',
      '2',
    ]);
    expect(titleWords('Sr. Software Engineer')).toEqual(['sr', 'software', 'engineer']);
  });

  it('keeps diacritics and does not fold accents', () => {
    expect(titleWords('Jürgen Müller, Directeur Général')).toEqual(['jürgen', 'müller', 'directeur', 'général']);
    expect(titleWords('Directeur Général')).not.toContain('general');
  });

  it('reads a decomposed accent as the same word as the composed one', () => {
    expect(titleWords('Ge\u0301ne\u0301ral')).toEqual(['général']);
    expect(titleWords('İstanbul Manager')).toHaveLength(2); // 'İ' lower-cases to i + combining dot
  });

  it('reads other scripts', () => {
    expect(titleWords('Менеджер по продажам')).toEqual(['менеджер', 'по', 'продажам']);
    expect(titleWords('営業 部長')).toEqual(['営業', '部長']);
  });

  it('answers [] for text without words', () => {
    expect(titleWords('')).toEqual([]);
    expect(titleWords(' & / - ')).toEqual([]);
  });
});

describe('canonicalTitleTokens', () => {
  it('expands abbreviations in place and drops connectors', () => {
    expect(canonicalTitleTokens('SVP of Sales & Ops')).toEqual(['senior', 'vice', 'president', 'sales', 'operations']);
    expect(canonicalTitleTokens('Head of the IT Department')).toEqual([
      'head',
      'information',
      'technology',
      'department',
    ]);
  });

  it('answers [] when only connectors remain', () => {
    expect(canonicalTitleTokens('of the & and')).toEqual([]);
  });

  it('does not take Object.prototype members for abbreviations', () => {
    expect(canonicalTitleTokens('Constructor toString valueOf hasOwnProperty')).toEqual([
      'constructor',
      'tostring',
      'valueof',
      'hasownproperty',
    ]);
    expect(titleKey('Constructor')).toBe('constructor');
  });
});

describe('the abbreviation table', () => {
  const entries = Object.entries(TITLE_ABBREVIATIONS);

  it.each(entries)('%s: its spelling is stable (expanding twice changes nothing)', (abbr, canon) => {
    expect(canonicalTitleTokens(canon).join(' ')).toBe(canon);
    expect(canonicalTitleTokens(canonicalTitleTokens(abbr).join(' ')).join(' ')).toBe(canon);
  });

  it.each(entries)('%s: keys are single lower-case words and not connectors', (abbr, canon) => {
    expect(titleWords(abbr)).toEqual([abbr]);
    expect(TITLE_CONNECTORS.has(abbr)).toBe(false);
    expect(canon).toBe(canon.toLowerCase().trim());
  });

  it.each(entries)(
    '%s: the abbreviation and its spelling match each other both ways, EXACT and CONTAINS',
    (abbr, canon) => {
      expect(titleKey(abbr.toUpperCase())).toBe(titleKey(canon));
      expect(contains(abbr.toUpperCase(), canon)).toBe(true);
      expect(contains(canon, abbr)).toBe(true);
    },
  );

  it.each(['pm', 'cso', 'cdo', 'am', 'md'])('leaves the ambiguous %s as written', (abbr) => {
    expect(TITLE_ABBREVIATIONS).not.toHaveProperty(abbr);
    expect(canonicalTitleTokens(abbr.toUpperCase())).toEqual([abbr]);
  });

  it('keeps DevOps one word', () => {
    expect(canonicalTitleTokens('DevOps Engineer')).toEqual(['devops', 'engineer']);
    expect(canonicalTitleTokens('Dev Ops Engineer')).toEqual(['developer', 'operations', 'engineer']);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(TITLE_ABBREVIATIONS)).toBe(true);
  });
});

describe('EXACT: titleKey', () => {
  it('gives "VP Sales", "Vice President of Sales", "VP, Sales" and "Sales VP" one key', () => {
    const keys = [
      'VP Sales',
      'Vice President of Sales',
      'VP, Sales',
      'Sales VP',
      'sales vice-president',
      'VICE PRESIDENT, SALES',
    ].map(titleKey);
    expect(new Set(keys)).toEqual(new Set(['president sales vice']));
  });

  it('treats "Sr. Software Engineer" and "Senior Software Engineer" as the same title', () => {
    expect(titleKey('Sr. Software Engineer')).toBe(titleKey('Senior Software Engineer'));
  });

  it('treats "CTO" and "Chief Technology Officer" as the same title, both ways', () => {
    expect(titleKey('CTO')).toBe(titleKey('Chief Technology Officer'));
    expect(titleKey('chief technology officer')).toBe(titleKey('cto'));
  });

  it('does not let "Software Engineer" equal "Senior Software Engineer"', () => {
    expect(titleKey('Senior Software Engineer')).not.toBe(titleKey('Software Engineer'));
    expect(titleKey('Sr Software Engineer')).not.toBe(titleKey('Software Engineer'));
  });

  it('is case-insensitive and ignores connectors and punctuation', () => {
    expect(titleKey('HEAD OF MARKETING')).toBe(titleKey('head marketing'));
    expect(titleKey('Head of Marketing')).toBe(titleKey('Marketing Head'));
  });

  it('keeps diacritics significant', () => {
    expect(titleKey('Directeur Général')).toBe('directeur général');
    expect(titleKey('Directeur Général')).not.toBe(titleKey('Directeur General'));
  });

  it("answers '' for null, empty and connector-only titles", () => {
    expect(titleKey(null)).toBe('');
    expect(titleKey('')).toBe('');
    expect(titleKey(' - ')).toBe('');
    expect(titleKey('of the')).toBe('');
  });
});

describe('CONTAINS: containsTokens against titleTerms', () => {
  it('matches abbreviations against their spelling both ways', () => {
    expect(titleTerms('Vice President of Sales')).toEqual(expect.arrayContaining(containsTokens('VP Sales')));
    expect(titleTerms('VP Sales')).toEqual(expect.arrayContaining(containsTokens('Vice President Sales')));
    expect(contains('Sr. Software Engineer', 'Senior Software Engineer')).toBe(true);
    expect(contains('Senior Software Engineer', 'Sr Software Engineer')).toBe(true);
    expect(contains('CTO', 'Chief Technology Officer')).toBe(true);
    expect(contains('Chief Technology Officer', 'CTO')).toBe(true);
  });

  it('lets a combined title contain each of its roles', () => {
    for (const term of ['CEO', 'Founder', 'Chief Executive Officer', 'Founder CEO', 'ceo & founder'])
      expect(contains('Founder & CEO', term)).toBe(true);
    expect(contains('Founder & CEO', 'CTO')).toBe(false);
  });

  it('matches every word in any order, connectors ignored', () => {
    expect(contains('Head of Marketing', 'Marketing Head')).toBe(true);
    expect(contains('Head of Marketing', 'head of the marketing')).toBe(true);
    expect(contains('Senior Software Engineer', 'Software Engineer')).toBe(true);
    expect(contains('Software Engineer', 'Senior Software Engineer')).toBe(false);
    expect(contains('Sales Manager', 'Marketing Manager')).toBe(false);
  });

  it('is case-insensitive and diacritic-sensitive', () => {
    expect(contains('SOFTWARE ENGINEER', 'software engineer')).toBe(true);
    expect(contains('Directeur Général', 'général')).toBe(true);
    expect(contains('Directeur Général', 'general')).toBe(false);
  });

  it('lists distinct canonical tokens of the term in order', () => {
    expect(containsTokens('Sales VP, VP of Sales')).toEqual(['sales', 'vice', 'president']);
    expect(containsTokens('of the')).toEqual([]);
  });
});

describe('titleTerms', () => {
  it('holds the canonical tokens and the raw words, distinct and sorted', () => {
    expect(titleTerms('Sr. VP of Sales & Sales Ops')).toEqual([
      'operations',
      'ops',
      'president',
      'sales',
      'senior',
      'sr',
      'vice',
      'vp',
    ]);
  });

  it('answers [] for null and empty titles', () => {
    expect(titleTerms(null)).toEqual([]);
    expect(titleTerms('')).toEqual([]);
    expect(titleTerms('&')).toEqual([]);
  });
});

describe('ordered phrases: titleCanon', () => {
  it('keeps word order, spells abbreviations out and bridges connectors', () => {
    expect(titleCanon('VP of Sales')).toBe('vice president sales');
    expect(titleCanon('Sales VP')).toBe('sales vice president');
    expect(titleCanon('Director of Engineering')).toBe(titleCanon('Director Engineering'));
  });

  it("answers '' for null and empty titles", () => {
    expect(titleCanon(null)).toBe('');
    expect(titleCanon('')).toBe('');
  });
});
