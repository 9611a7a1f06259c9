import { COUNTRIES } from '@app/domain/enums/countries';
import { INDUSTRIES, INDUSTRY_GROUPS } from '@app/domain/enums/industries';
import { industrySuggestions, regionSuggestions, suggestedCountries } from './refresh-suggestions';

describe('industrySuggestions', () => {
  const suggestions = industrySuggestions();
  const byValue = new Map(suggestions.map((s) => [s.value, s]));

  it('offers every industry group with its industries as members', () => {
    for (const [group, industries] of Object.entries(INDUSTRY_GROUPS))
      expect(byValue.get(group)?.members).toEqual(industries);
  });

  it('offers every industry that is no group name as its own only member', () => {
    expect(byValue.get('Software Development')?.members).toEqual(['Software Development']);
    for (const industry of INDUSTRIES) expect(byValue.has(industry)).toBe(true);
  });

  it('offers a name that is both a group and an industry once, as the group', () => {
    expect(suggestions.filter((s) => s.value.toLowerCase() === 'construction')).toEqual([
      { value: 'Construction', members: INDUSTRY_GROUPS.Construction },
    ]);
    expect(new Set(suggestions.map((s) => s.value.toLowerCase())).size).toBe(suggestions.length);
  });

  it('compares names case-insensitively', () => {
    expect(industrySuggestions({ Retail: ['retail', 'Online Retail'] })).toEqual([
      { value: 'Retail', members: ['retail', 'Online Retail'] },
      { value: 'Online Retail', members: ['Online Retail'] },
    ]);
  });
});

describe('regionSuggestions', () => {
  it('lists every region with its known member countries', () => {
    expect(regionSuggestions({ DACH: ['DE', 'AT', 'CH'] })).toEqual([{ value: 'DACH', members: ['DE', 'AT', 'CH'] }]);
    const europe = regionSuggestions().find((r) => r.value === 'Europe')!;
    expect(europe.members).toEqual(expect.arrayContaining(['DE', 'FR', 'GB']));
  });
});

describe('suggestedCountries', () => {
  it('pairs codes with names and leaves out a country named like a region', () => {
    const { codes, names } = suggestedCountries();
    expect(codes).toHaveLength(names.length);
    expect(names[codes.indexOf('DE')]).toBe('Germany');
    expect(names).not.toContain('Antarctica');
    expect(codes).toHaveLength(COUNTRIES.length - 1);
  });
});
