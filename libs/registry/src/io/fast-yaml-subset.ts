/*
 * A fast reader for the plain subset of YAML that registry files are written in (block mappings
 * and sequences, single-line plain / quoted scalars, single-line flow collections, comments).
 *
 * Why: the `yaml` package parses about 1 MB/s on the target machine, so a 2,000-capability tree
 * took seconds. This reader is an accelerator, not a second YAML implementation of record: it
 * returns `undefined` ("not sure") for anything outside the subset (anchors, aliases, tags, block
 * scalars, multi-line scalars, directives, tabs, CR, quoted or complex keys, duplicate keys, any
 * error), and the caller then parses with the `yaml` package, which also produces every error
 * message. When it does return a value, it is the value `yaml` (YAML 1.2 core schema) produces;
 * `fast-yaml-subset.spec.ts` checks that differentially against the `yaml` package.
 */

const NOT_SURE = Symbol('not sure');
type Maybe<T> = T | typeof NOT_SURE;

interface Line {
  readonly indent: number;
  readonly text: string;
}

/** Deeper nesting than this is legal YAML but not registry-shaped: leave it to the full parser. */
const MAX_DEPTH = 64;

// The YAML 1.2 core schema, in the order the yaml package tries its tags (schema/core/schema.js).
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Can `text` be anything but a string under the core schema? Only by starting like one. */
function mayBeNonString(text: string): boolean {
  const first = text.charCodeAt(0);
  // digits, '+', '-', '.', '~' start numbers and null; n/N, t/T, f/F start null and booleans.
  if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46 || first === 126) return true;
  return (text.length === 4 || text.length === 5) && 'nNtTfF'.includes(text.charAt(0));
}

/** A plain scalar's value under the core schema, exactly as the yaml package resolves it. */
function resolvePlain(text: string): unknown {
  if (text !== '' && !mayBeNonString(text)) return text;
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text[0] === 't' || text[0] === 'T';
  if (INT_OCT.test(text)) return parseInt(text.slice(2), 8);
  if (INT.test(text)) return parseInt(text, 10);
  if (INT_HEX.test(text)) return parseInt(text.slice(2), 16);
  if (FLOAT_NAN.test(text)) {
    if (text.slice(-3).toLowerCase() === 'nan') return NaN;
    return text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return parseFloat(text);
  return text;
}

/** Characters that may not start a plain scalar (YAML c-indicator), except `-?:` handled apart. */
const INDICATOR_START = new Set([',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

/** A plain scalar that is safe to take as written: no indicator start, no `: `, no trailing `:`. */
function isSafePlain(text: string): boolean {
  const first = text[0];
  if (first === undefined || INDICATOR_START.has(first)) return false;
  if ((first === '-' || first === '?' || first === ':') && (text.length === 1 || text[1] === ' ')) return false;
  return !text.includes(': ') && !text.endsWith(':') && !text.includes(' #');
}

/** A key the yaml package would keep as this exact string (not null, a number or a boolean). */
function isSafeKey(key: string): boolean {
  let safe = safeKeys.get(key);
  if (safe === undefined) {
    safe = isSafePlain(key) && key !== '<<' && key !== '__proto__' && typeof resolvePlain(key) === 'string';
    // Registry files repeat a few hundred keys; bound the memo anyway.
    if (safeKeys.size >= 10_000) safeKeys.clear();
    safeKeys.set(key, safe);
  }
  return safe;
}
const safeKeys = new Map<string, boolean>();

const DOUBLE_QUOTED_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', '0': '\0' };

/** A quoted scalar starting at `start`; returns its value and the index after the closing quote. */
function readQuoted(text: string, start: number): Maybe<{ value: string; end: number }> {
  const quote = text[start];
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text.charAt(i);
    if (quote === "'") {
      if (char !== "'") value += char;
      else if (text[i + 1] === "'") value += text[++i];
      else return { value, end: i + 1 };
    } else if (char === '"') {
      return { value, end: i + 1 };
    } else if (char === '\\') {
      const escape = text[++i] ?? '';
      const simple = DOUBLE_QUOTED_ESCAPES[escape];
      if (simple !== undefined) value += simple;
      else if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) {
        const code = parseInt(text.slice(i + 1, i + 5), 16);
        if (code >= 0xd800 && code <= 0xdfff) return NOT_SURE;
        value += String.fromCharCode(code);
        i += 4;
      } else return NOT_SURE;
    } else value += char;
  }
  return NOT_SURE; // unterminated on this line: multi-line scalars go to the full parser
}

/** True when only spaces, or spaces then a comment, follow `end`. */
function restIsBlank(text: string, end: number): boolean {
  const rest = text.slice(end);
  return rest.trim() === '' || /^ +#/.test(rest);
}

/** One-line flow collections: `[a, b]`, `{k: v, k2: [x]}`. No trailing commas, no implicit nulls. */
class FlowReader {
  private i = 0;
  constructor(private readonly text: string) {}

  read(): Maybe<{ value: unknown; end: number }> {
    const value = this.node(0);
    return value === NOT_SURE ? NOT_SURE : { value, end: this.i };
  }

  private skipSpaces(): void {
    while (this.text[this.i] === ' ') this.i++;
  }

  private node(depth: number): unknown {
    if (depth > MAX_DEPTH) return NOT_SURE;
    this.skipSpaces();
    const char = this.text[this.i];
    if (char === '[') return this.sequence(depth);
    if (char === '{') return this.mapping(depth);
    if (char === '"' || char === "'") {
      const quoted = readQuoted(this.text, this.i);
      if (quoted === NOT_SURE) return NOT_SURE;
      this.i = quoted.end;
      return quoted.value;
    }
    return this.plain(false);
  }

  /** A plain scalar inside a flow collection: ends at `,` `]` `}`; anything unusual → not sure. */
  private plain(isKey: boolean): unknown {
    const start = this.i;
    while (this.i < this.text.length && !',]}'.includes(this.text.charAt(this.i))) {
      const char = this.text.charAt(this.i);
      if (char === ':') {
        if (isKey && this.text[this.i + 1] === ' ') break;
        return NOT_SURE;
      }
      if ('[{#"\''.includes(char)) return NOT_SURE;
      this.i++;
    }
    const scalar = this.text.slice(start, this.i).trim();
    if (scalar === '' || !isSafePlain(scalar)) return NOT_SURE;
    return isKey ? (isSafeKey(scalar) ? scalar : NOT_SURE) : resolvePlain(scalar);
  }

  private sequence(depth: number): unknown {
    this.i++;
    const items: unknown[] = [];
    this.skipSpaces();
    if (this.text[this.i] === ']') {
      this.i++;
      return items;
    }
    for (;;) {
      const item = this.node(depth + 1);
      if (item === NOT_SURE) return NOT_SURE;
      items.push(item);
      this.skipSpaces();
      const char = this.text[this.i++];
      if (char === ']') return items;
      if (char !== ',') return NOT_SURE;
    }
  }

  private mapping(depth: number): unknown {
    this.i++;
    const mapping: Record<string, unknown> = {};
    this.skipSpaces();
    if (this.text[this.i] === '}') {
      this.i++;
      return mapping;
    }
    for (;;) {
      this.skipSpaces();
      const key = this.plain(true);
      if (typeof key !== 'string' || this.text[this.i] !== ':' || Object.hasOwn(mapping, key)) return NOT_SURE;
      this.i++;
      const value = this.node(depth + 1);
      if (value === NOT_SURE) return NOT_SURE;
      mapping[key] = value;
      this.skipSpaces();
      const char = this.text[this.i++];
      if (char === '}') return mapping;
      if (char !== ',') return NOT_SURE;
    }
  }
}

/** A value written on the same line as its key or dash: flow, quoted or plain. */
function inlineValue(text: string): unknown {
  const first = text[0];
  if (first === '[' || first === '{') {
    const flow = new FlowReader(text).read();
    return flow !== NOT_SURE && restIsBlank(text, flow.end) ? flow.value : NOT_SURE;
  }
  if (first === '"' || first === "'") {
    const quoted = readQuoted(text, 0);
    return quoted !== NOT_SURE && restIsBlank(text, quoted.end) ? quoted.value : NOT_SURE;
  }
  const comment = text.indexOf(' #');
  const plain = (comment < 0 ? text : text.slice(0, comment)).trimEnd();
  return isSafePlain(plain) ? resolvePlain(plain) : NOT_SURE;
}

const isSequenceItem = (text: string): boolean => text === '-' || text.startsWith('- ');

/** `key: rest` or `key:` with a safe plain key; undefined when the line is not such an entry. */
function splitEntry(text: string): { key: string; rest: string } | undefined {
  const colon = text.endsWith(':') && !text.includes(': ') ? text.length - 1 : text.indexOf(': ');
  if (colon <= 0) return undefined;
  const key = text.slice(0, colon).trimEnd();
  if (!isSafeKey(key)) return undefined;
  return { key, rest: text.slice(colon + 1).trim() };
}

/** `rest` after a key or dash with nothing but a comment is an empty value. */
const isEmptyRest = (rest: string): boolean => rest === '' || rest.startsWith('#');

class BlockReader {
  private position = 0;
  constructor(private readonly lines: Line[]) {}

  read(): unknown {
    const first = this.lines[0];
    if (first === undefined || first.indent !== 0) return NOT_SURE;
    const value = this.node(0, 0);
    return this.position === this.lines.length ? value : NOT_SURE;
  }

  private peek(): Line | undefined {
    return this.lines[this.position];
  }

  /** The block starting at the current line (indent `indent`): a sequence or a mapping. */
  private node(indent: number, depth: number): unknown {
    const line = this.peek();
    if (line === undefined || depth > MAX_DEPTH) return NOT_SURE;
    if (isSequenceItem(line.text)) return this.sequence(indent, depth);
    return splitEntry(line.text) === undefined ? NOT_SURE : this.mapping(indent, depth);
  }

  /** The value of an entry whose inline part is empty: a nested block, a compact sequence, or null. */
  private nestedValue(indent: number, depth: number, allowCompactSequence: boolean): unknown {
    const next = this.peek();
    if (next === undefined || next.indent < indent) return null;
    if (next.indent > indent) return this.node(next.indent, depth + 1);
    return allowCompactSequence && isSequenceItem(next.text) ? this.sequence(indent, depth + 1) : null;
  }

  private mapping(indent: number, depth: number): unknown {
    const mapping: Record<string, unknown> = {};
    for (let line = this.peek(); line !== undefined && line.indent === indent; line = this.peek()) {
      const entry = splitEntry(line.text);
      if (entry === undefined || Object.hasOwn(mapping, entry.key)) return NOT_SURE;
      this.position++;
      const value = isEmptyRest(entry.rest) ? this.nestedValue(indent, depth, true) : inlineValue(entry.rest);
      if (value === NOT_SURE) return NOT_SURE;
      // A deeper line right after a complete value is a continuation or an error: not ours.
      const next = this.peek();
      if (next !== undefined && next.indent > indent) return NOT_SURE;
      mapping[entry.key] = value;
    }
    return mapping;
  }

  private sequence(indent: number, depth: number): unknown {
    const items: unknown[] = [];
    for (let line = this.peek(); line !== undefined && line.indent === indent && isSequenceItem(line.text); line = this.peek()) {
      const content = line.text.slice(1);
      const rest = content.trimStart();
      let item: unknown;
      if (isEmptyRest(rest)) {
        this.position++;
        item = this.nestedValue(indent, depth, false);
      } else if (isSequenceItem(rest) || splitEntry(rest) === undefined) {
        if (isSequenceItem(rest)) return NOT_SURE;
        this.position++;
        item = inlineValue(rest);
      } else {
        // `- key: value`: a mapping whose keys sit at the column of the first key.
        const column = indent + 1 + (content.length - rest.length);
        this.lines[this.position] = { indent: column, text: rest };
        item = this.mapping(column, depth + 1);
      }
      if (item === NOT_SURE) return NOT_SURE;
      const next = this.peek();
      if (next !== undefined && next.indent > indent) return NOT_SURE;
      items.push(item);
    }
    return items;
  }
}

/** Tabs, CR, and characters YAML forbids or treats specially: all left to the full parser. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const UNUSUAL_CHARACTER = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;

/** Lines that carry content, or undefined when the text uses anything this reader leaves alone. */
function contentLines(text: string): Line[] | undefined {
  if (UNUSUAL_CHARACTER.test(text)) return undefined;
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    const trimmed = raw.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const indent = raw.length - trimmed.length;
    // Directives and document markers (`%YAML`, `---`, `...`) are for the full parser.
    if (indent === 0 && (trimmed.startsWith('%') || /^(?:---|\.\.\.)(?: |$)/.test(trimmed))) return undefined;
    lines.push({ indent, text: trimmed.trimEnd() });
  }
  return lines;
}

/**
 * The value of `text` if it is in the plain subset and valid; `undefined` means "parse it with the
 * yaml package" (which is also what reports every error). Never throws.
 */
export function readYamlSubset(text: string): { value: unknown } | undefined {
  const lines = contentLines(text);
  if (lines === undefined || lines.length === 0) return undefined;
  const value = new BlockReader(lines).read();
  return value === NOT_SURE ? undefined : { value };
}
