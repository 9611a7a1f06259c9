import { countryCode, locationCandidates, placeKeys, placesKeys } from './location-keys';

const austin = { city: 'Austin', state: 'Texas', state_code: 'TX', country_code: 'US' };

describe('placeKeys', () => {
  it('answers every name of a place: country, state by name and code, city with and without state', () => {
    expect(placeKeys(austin).sort()).toEqual(
      ['c:us', 'i:us:texas:austin', 'i:us:tx:austin', 's:us:texas', 's:us:tx', 't:us:austin'].sort(),
    );
  });

  it('keeps diacritics and folds case and spaces', () => {
    expect(placeKeys({ city: 'Zürich ', state: 'ZH', country_code: 'ch' })).toContain('i:ch:zh:zürich');
    expect(placeKeys({ city: 'New  York', country_code: 'US' })).toEqual(['c:us', 't:us:new york']);
  });

  it('answers nothing without a country code', () => {
    expect(placeKeys({ city: 'Berlin', state: 'Berlin' })).toEqual([]);
    expect(placeKeys(null)).toEqual([]);
  });

  it('joins offices without repeats', () => {
    expect(
      placesKeys([austin, { city: 'Dallas', state: 'Texas', state_code: 'TX', country_code: 'US' }]).filter(
        (k) => k === 's:us:texas',
      ),
    ).toHaveLength(1);
  });
});

describe('locationCandidates', () => {
  it('resolves countries by name, code and alias without the data', () => {
    expect(locationCandidates('Germany')).toEqual({ always: ['c:de'], ifPresent: [] });
    expect(locationCandidates('de')).toEqual({ always: ['c:de'], ifPresent: [] });
    expect(locationCandidates('USA')).toEqual({ always: ['c:us'], ifPresent: [] });
  });

  it('expands a region to its member countries', () => {
    expect(locationCandidates('DACH').always.sort()).toEqual(['c:at', 'c:ch', 'c:de']);
  });

  it('reads "State, Country" and "City, Country" as either, and "City, State, Country"', () => {
    expect(locationCandidates('Texas, United States')).toEqual({ always: [], ifPresent: ['s:us:texas', 't:us:texas'] });
    expect(locationCandidates('Austin, TX, US')).toEqual({ always: [], ifPresent: ['i:us:tx:austin'] });
    expect(placeKeys(austin)).toEqual(
      expect.arrayContaining(locationCandidates('austin, texas, united states').ifPresent),
    );
  });

  it('answers nothing for an unknown country or too many parts', () => {
    expect(locationCandidates('Atlantis')).toEqual({ always: [], ifPresent: [] });
    expect(locationCandidates('Austin, Texas, Atlantis')).toEqual({ always: [], ifPresent: [] });
    expect(locationCandidates('a, b, c, United States')).toEqual({ always: [], ifPresent: [] });
  });

  it('countryCode ignores case and spacing', () => {
    expect(countryCode(' united   kingdom ')).toBe('GB');
    expect(countryCode('Narnia')).toBeUndefined();
  });

  it('knows the everyday names of countries whose ISO short name differs (the data set writes "Turkey")', () => {
    expect(countryCode('Turkey')).toBe('TR');
    expect(countryCode('Türkiye')).toBe('TR');
    expect(countryCode('Czech Republic')).toBe('CZ');
    expect(countryCode('Ivory Coast')).toBe('CI');
    expect(countryCode('Holland')).toBe('NL');
    expect(countryCode('Burma')).toBe('MM');
    expect(countryCode('Scotland')).toBe('GB');
    expect(locationCandidates('Istanbul, Istanbul, Turkey')).toEqual({
      always: [],
      ifPresent: ['i:tr:istanbul:istanbul'],
    });
  });
});
