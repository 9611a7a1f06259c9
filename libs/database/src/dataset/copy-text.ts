/** Encoding of values for PostgreSQL `COPY … FROM STDIN` in its text format. */

const NULL = '\\N';

/** Escapes a text value: backslash, tab, newline and carriage return are special in COPY text. */
function escape(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s;
}

export const copyText = (v: string | null | undefined): string => (v === null || v === undefined ? NULL : escape(v));

export const copyNumber = (v: number | null | undefined): string => (v === null || v === undefined ? NULL : String(v));

export const copyBool = (v: boolean): string => (v ? 't' : 'f');

export const copyJson = (v: unknown): string => (v === null || v === undefined ? NULL : escape(JSON.stringify(v)));

/** A text[] literal: every element double-quoted with `"` and `\` escaped, then COPY-escaped. */
export function copyTextArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  return escape(`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`);
}

export const copyIntArray = (values: readonly number[]): string => `{${values.join(',')}}`;

/** One COPY line from already-encoded fields. */
export const copyLine = (fields: string[]): string => `${fields.join('\t')}\n`;
