import { apiErrorOf } from '@test/support/api-error-of';
import { editedEmail, MAX_EMAIL_LENGTH } from './person-email';

describe('edited person email', () => {
  it('lower-cases the domain only, keeps the local part as typed, trims', () => {
    expect(editedEmail('Ana.Souza@New-Mail.EXAMPLE')).toBe('Ana.Souza@new-mail.example');
    expect(editedEmail('  ana@example.com ')).toBe('ana@example.com');
    expect(editedEmail('first+tag@sub.example.co.uk')).toBe('first+tag@sub.example.co.uk');
  });

  it('answers invalid_format on email for what is not an address', () => {
    for (const bad of [
      '',
      '   ',
      'ana',
      'ana@',
      '@example.com',
      'ana@@example.com',
      'a b@example.com',
      'ana@example',
      'ana@exa_mple.com',
      'ana..b@example.com',
      'ana@[127.0.0.1]',
    ]) {
      const error = apiErrorOf(() => editedEmail(bad));
      expect({ bad, status: error.status, payload: error.payload }).toMatchObject({
        bad,
        status: 400,
        payload: { field: 'email', code: 'invalid_format' },
      });
    }
  });

  it('accepts 254 characters and answers out_of_range above', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example`; // 189 characters
    const fits = `${'a'.repeat(MAX_EMAIL_LENGTH - domain.length - 1)}@${domain}`;
    expect(fits.length).toBe(254);
    expect(editedEmail(fits)).toBe(fits);
    const error = apiErrorOf(() => editedEmail(`a${fits}`));
    expect(error.payload).toMatchObject({ field: 'email', code: 'out_of_range' });
  });
});
