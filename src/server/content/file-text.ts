/**
 * A content file's bytes as text: UTF-8, or what the file itself says it is, as a browser or an
 * editor reads it. Windows PowerShell 5 (`>`, `Out-File`) and Notepad's "Unicode" save UTF-16
 * with a byte order mark; a built page of an older site declares its legacy charset
 * (`windows-1252`, `Shift_JIS`) in a `<meta>`.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A charset an HTML page declares in its first 1,024 bytes, where a browser looks for it (`<meta
 * charset="…">` or `<meta http-equiv="Content-Type" content="text/html; charset=…">`).
 */
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** A decoder for the charset a page declares, undefined for none this Node knows or one of Unicode's. */
function declaredDecoder(bytes: Uint8Array): TextDecoder | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const label = META_CHARSET.exec(head)?.[1];
  if (label === undefined) return undefined;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    // A label no decoder has (a typo, or a Node built without ICU's legacy charsets).
    return undefined;
  }
  // A page in UTF-16 starts with its byte order mark (read below); one that says UTF-16 without
  // it is read as UTF-8, as browsers do.
  return decoder.encoding.startsWith('utf-') ? undefined : decoder;
}

/**
 * The text of a content file: by its byte order mark when it has one (UTF-16 LE or BE, UTF-8),
 * else as UTF-8, else, for an HTML page (`html`) that is not UTF-8, in the charset it declares.
 * Throws as UTF-8 decoding does when none of these reads it.
 */
export function fileText(bytes: Uint8Array, html: boolean): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
  try {
    return utf8.decode(bytes);
  } catch (error) {
    // Tried after UTF-8: a page that says Latin-1 but is written in UTF-8 reads as before.
    const declared = html ? declaredDecoder(bytes) : undefined;
    if (declared === undefined) throw error;
    const text = declared.decode(bytes);
    return declared.encoding === 'windows-1252' ? text.replace(C1_CONTROL, windows1252) : text;
  }
}

/**
 * What windows-1252 (which `iso-8859-1` and `latin1` mean on the web) has at 0x80–0x9F: Node 20's
 * decoder gives the C1 controls of those bytes instead (`“` as U+0093). Five bytes have nothing
 * and stay as they are, as the web's decoder keeps them.
 */
const WINDOWS_1252_C1 =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';
const C1_CONTROL = /[\x80-\x9f]/g;
const windows1252 = (control: string): string => WINDOWS_1252_C1[control.charCodeAt(0) - 0x80]!;
