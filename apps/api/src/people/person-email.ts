import { received, validationError } from '@app/common/http/api-error';
import { syntaxProblem } from '@app/common/email/email-address';
/**
 * The email a workspace sets on a saved person (PATCH /v2/people/{id}). Plain module (no Nest
 * imports) so the rules are unit-tested beside it.
 */

/** RFC 5321 path limit less the angle brackets, as the email syntax check counts it. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The form an edited email is stored and shown in: trimmed, Unicode NFC, the domain lower-cased
 * (domains are case-insensitive) and the local part kept as typed (the workspace's own spelling).
 * A value that is not a syntactically valid address answers 400 `invalid_format` on `email`, one
 * over 254 characters 400 `out_of_range`; the checks are the email verification's own.
 */
export function editedEmail(value: string): string {
  const trimmed = value.trim().normalize('NFC');
  if (trimmed.length > MAX_EMAIL_LENGTH) {
    throw validationError(
      'email',
      'out_of_range',
      `email may have at most ${MAX_EMAIL_LENGTH} characters`,
      received(value),
    );
  }
  const at = trimmed.lastIndexOf('@');
  const stored = at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
  const problem = syntaxProblem(stored.toLowerCase());
  if (problem !== null) {
    throw validationError(
      'email',
      'invalid_format',
      `email is not a valid address (${problem.replace(/_/g, ' ')})`,
      received(value),
    );
  }
  return stored;
}
