import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from './load-env-file';

describe('loadEnvFile', () => {
  const names = ['PWS_T_A', 'PWS_T_B', 'PWS_T_C', 'PWS_T_D', 'PWS_T_SET'];
  afterEach(() => names.forEach((n) => delete process.env[n]));

  it('loads KEY=value lines, strips quotes, skips comments, never overrides the environment', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pws-env-')), '.env');
    writeFileSync(
      file,
      [
        '# comment',
        'PWS_T_A=1',
        'PWS_T_B = "two words"',
        "PWS_T_C='x=y'",
        'not a line',
        'PWS_T_SET=from-file',
        '',
      ].join('\n'),
    );
    process.env.PWS_T_SET = 'from-env';
    loadEnvFile(file);
    expect(process.env.PWS_T_A).toBe('1');
    expect(process.env.PWS_T_B).toBe('two words');
    expect(process.env.PWS_T_C).toBe('x=y');
    expect(process.env.PWS_T_SET).toBe('from-env');
  });

  it('does nothing when the file is absent', () => {
    expect(() => loadEnvFile('/nonexistent/.env')).not.toThrow();
  });
});
