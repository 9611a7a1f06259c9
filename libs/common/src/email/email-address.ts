/**
 * Email address normalisation and syntax rules (RFC 5321/5322, practical subset). Plain module:
 * no Nest imports, so unit specs load it directly.
 */
import { domainToASCII } from 'node:url';

/** Why an address fails the syntax check; `null` when it passes. */
export type SyntaxProblem =
  | 'empty'
  | 'at_sign'
  | 'too_long'
  | 'local_length'
  | 'local_characters'
  | 'local_dots'
  | 'domain_length'
  | 'domain_literal'
  | 'domain_labels'
  | 'top_level_domain';

/** RFC 5322 `atext`, plus any non-ASCII character (RFC 6531 internationalised local parts). */
const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-\u0080-\uFFFF]+$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_ADDRESS = 254; // RFC 5321 path limit (256) minus the angle brackets
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/**
 * The form in which addresses are stored, compared and de-duplicated: trimmed, Unicode NFC,
 * lower case. The local part is lowered too: RFC 5321 lets a server treat it as case-sensitive,
 * but no mainstream provider does, and the dataset's stored statuses are matched without case.
 */
export function normaliseEmail(raw: string): string {
  return raw.trim().normalize('NFC').toLowerCase();
}

/** Splits at the `@`; the domain in ASCII (punycode) form for label rules and DNS. */
export function splitAddress(address: string): { local: string; domain: string; asciiDomain: string } | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const asciiDomain = /^[\x00-\x7f]*$/.test(domain) ? domain : domainToASCII(domain);
  return { local, domain, asciiDomain };
}

/**
 * Checks an already normalised address. Practical rules: exactly one `@`; dot-atom local part of
 * 1-64 octets (quoted local parts and domain literals are refused: no public provider issues them);
 * domain of at most 253 characters with at least two labels of 1-63 letters, digits or inner
 * hyphens; an alphabetic (or punycode) top-level domain of at least two characters.
 */
export function syntaxProblem(address: string): SyntaxProblem | null {
  if (address.length === 0) return 'empty';
  if (address.indexOf('@') < 0 || address.indexOf('@') !== address.lastIndexOf('@')) return 'at_sign';
  const parts = splitAddress(address)!;
  const localBytes = Buffer.byteLength(parts.local, 'utf8');
  if (localBytes === 0 || localBytes > MAX_LOCAL) return 'local_length';
  const atoms = parts.local.split('.');
  if (atoms.some((atom) => atom === '')) return 'local_dots';
  if (!atoms.every((atom) => LOCAL_ATOM.test(atom))) return 'local_characters';
  if (parts.domain.startsWith('[')) return 'domain_literal';
  const domain = parts.asciiDomain;
  if (domain.length === 0) return 'domain_labels';
  if (domain.length > MAX_DOMAIN) return 'domain_length';
  if (localBytes + 1 + domain.length > MAX_ADDRESS) return 'too_long';
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return 'domain_labels';
  const tld = labels[labels.length - 1];
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return 'top_level_domain';
  return null;
}

export interface NormalisedBatch {
  /** Distinct normalised addresses in the order of their first appearance. */
  addresses: string[];
  /** How many items repeated an earlier address after normalisation. */
  duplicates: number;
}

/** Normalises and de-duplicates a batch of strings (the caller has checked they are strings). */
export function normaliseBatch(items: readonly string[]): NormalisedBatch {
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const item of items) {
    const address = normaliseEmail(item);
    if (seen.has(address)) continue;
    seen.add(address);
    addresses.push(address);
  }
  return { addresses, duplicates: items.length - addresses.length };
}
