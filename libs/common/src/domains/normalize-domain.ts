// Plain module (no Nest imports): the company save and the people search filters both read domains with it.
import { domainToASCII } from 'node:url';

const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

/**
 * `https://www.Globex.com:8080/about?x` → `globex.com`: scheme, `www.`, port, path and case dropped;
 * an internationalised domain becomes its ASCII (punycode) form, `Bücher.de` → `xn--bcher-kva.de`,
 * as stored domains are; null when no valid hostname is left.
 */
export function normalizeDomain(raw: string): string | null {
  let d = raw.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  d = d.split(/[/?#]/, 1)[0];
  if (d.includes('@')) d = d.slice(d.lastIndexOf('@') + 1);
  d = d.replace(/:\d*$/, '').replace(/\.$/, '');
  // Empty for an invalid IDN (a forbidden code point, a bad label): then no hostname is left.
  if (/[^\x00-\x7f]/.test(d)) d = domainToASCII(d);
  d = d.replace(/^www\./, '');
  return HOSTNAME.test(d) && /[a-z]/.test(d.slice(d.lastIndexOf('.') + 1)) ? d : null;
}
