/** One kind of citation a reader of the repository cannot follow. */
export interface CitationRule {
  readonly name: string;
  readonly pattern: RegExp;
}

/**
 * Citations of things outside the repository: paths beside it, design notes and issue trackers
 * a reader of a clone does not have, and unnamed references (a section sign after the word
 * "reference", or another implementation cited without a name).
 * A comment should explain its reason itself, or point at a file of the repository.
 * Named public standards stay allowed ("RFC 7518 §3.2", "UAX #29", "JSON-RPC 2.0 §5").
 */
export const CITATION_RULES: readonly CitationRule[] = [
  { name: 'a path outside the repository', pattern: /(?:^|[\s`'"(])(?:\.\.\/)+shared\/|\/work\/|\bshared\/(?:spec|reference)\b/ },
  { name: 'a design note that is not in the repository', pattern: /\b(?:DESIGN|TOOLCHAIN)(?:\.md)?\b|\bhttp-interface\.md\b/ },
  // "(spec)" as a citation, not a call such as `isMapping(spec)` or `read(reference, …)`.
  { name: 'an unnamed reference', pattern: /\breference\s*§|\breference\/|(?<![\w.$])\((?:spec|reference)(?:\)|,\s*§)|\bthe spec(?:'s)?\b/i },
  {
    name: 'an issue number',
    // "issue #4", "(#7)", "#8.2:", "owner/repo#13"; not "order #42" or "UAX #29" (a word before it),
    // nor a colour such as `fill="#2563eb"` or `color: #334155` (after a quote, `:` or `=`).
    pattern: /\bissues?\s*#?\d+|(?<![\p{L}\p{N}][\s\u200b]*)(?<![:=][\s]*)(?<![\p{L}\p{N}&/"'])#\d+(?:\.\d+)?\b(?![0-9a-f])|\b[\w.-]+\/[\w.-]+#\d+\b/iu,
  },
  {
    name: '"the original" as a source',
    pattern: /\bthe original(?:'s)?\b(?![-\w])(?!\s+(?:text|card|wording|provider error|value|request|string|one|URL|webhook-id|id)\b)/i,
  },
];

export interface Citation {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly text: string;
}

/** Every line of `text` that breaks a rule, once per rule. */
export function findCitations(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of CITATION_RULES) {
      if (rule.pattern.test(line)) found.push({ file, line: index + 1, rule: rule.name, text: line.trim().slice(0, 160) });
    }
  });
  return found;
}
