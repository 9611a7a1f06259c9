// Plain module (no Nest imports): the company save and the people search filters both read domains with it.
const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;

/** `https://www.Globex.com:8080/about?x` → `globex.com`: scheme, `www.`, port, path and case dropped; null when no hostname is left. */
export function normalizeDomain(raw: string): string | null {
  let d = raw.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  d = d.split(/[/?#]/, 1)[0];
  if (d.includes('@')) d = d.slice(d.lastIndexOf('@') + 1);
  d = d.replace(/:\d*$/, '').replace(/\.$/, '').replace(/^www\./, '');
  return HOSTNAME.test(d) && /[a-z]/.test(d.slice(d.lastIndexOf('.') + 1)) ? d : null;
}
