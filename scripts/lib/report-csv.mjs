// CSV for reports a shop opens in Excel or reads in a script: RFC 4180 (every field that holds a
// quote, comma or line break is quoted, quotes doubled, CRLF between records) and UTF-8 with a
// byte order mark, without which Excel reads the bytes as the local code page and garbles Chinese.

const BOM = '\uFEFF';

/**
 * One cell as text: null and undefined are empty, lists one item per line (a cell of its own in
 * a spreadsheet, and no separator that a reason's words could already hold).
 * @param {unknown} value
 */
export function csvText(value) {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(csvText).join('\n');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** @param {string} text */
function quote(text) {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows as a CSV file's text, with a header of `columns`, in that order.
 * @param {readonly string[]} columns
 * @param {ReadonlyArray<Record<string, unknown>>} rows
 */
export function toCsv(columns, rows) {
  const lines = [columns.map(quote).join(',')];
  for (const row of rows) lines.push(columns.map((c) => quote(csvText(row[c]))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
