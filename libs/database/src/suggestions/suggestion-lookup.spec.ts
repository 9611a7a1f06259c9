import { SUGGEST_SQL } from './suggestion-lookup';

describe('SUGGEST_SQL', () => {
  it('takes type, query and limit as $1-$3 and never splices values into the text', () => {
    expect(SUGGEST_SQL.match(/\$\d/g)!.every((p) => ['$1', '$2', '$3'].includes(p))).toBe(true);
    expect(SUGGEST_SQL).not.toMatch(/\$\{/);
  });
});
