/**
 * A value as it may be shown (a start-up problem, a log line): the password of every URL in it replaced by
 * `***`, whether or not the URL parses (`postgres://app:secret@db:99999/x` is invalid and was echoed in clear).
 * Every value a problem echoes goes through it.
 */
export function maskedUrl(text: string): string {
  // Up to the last `@` before a space or a comma: an unencoded `@` in the password must not leave its tail visible.
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/[^:@/?#\s,]*:)[^\s,]*@/gi, '$1***@');
}
