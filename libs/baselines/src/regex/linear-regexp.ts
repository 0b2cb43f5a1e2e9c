/** A pattern this engine will not run: backreferences, lookaround, or too large once expanded. */
export class UnsupportedPatternError extends Error {}

/** A test that would take more steps than allowed (pattern size × text length). */
export class PatternBudgetError extends Error {}

type Assertion = '^' | '$' | 'b' | 'B';
type Node =
  | { readonly kind: 'char'; readonly source: string }
  | { readonly kind: 'assert'; readonly assertion: Assertion }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

const MAX_PATTERN_LENGTH = 2_000;
const MAX_STATES = 10_000;
const MAX_STEPS = 20_000_000;

// Steps left for every test run inside `withStepBudget` (one schema validation runs many tests,
// on many strings, with many patterns: the budget bounds their sum). Tests are synchronous, so
// no other caller can run while a budget is set.
let sharedBudget = Infinity;

/** Runs `work` with at most `steps` NFA steps for all the tests it makes. */
export function withStepBudget<T>(steps: number, work: () => T): T {
  const previous = sharedBudget;
  sharedBudget = steps;
  try {
    return work();
  } finally {
    sharedBudget = previous;
  }
}

/**
 * Recursive descent over an ECMAScript pattern that `new RegExp(source, 'u')` has already
 * accepted, so only structure is read here: groups, alternation, quantifiers, assertions, and
 * single-character atoms whose exact meaning is left to the native engine (see `charMatcher`).
 */
class PatternParser {
  private position = 0;

  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.position < this.source.length) throw new UnsupportedPatternError(`unexpected "${this.peek()}"`);
    return node;
  }

  private peek(offset = 0): string {
    return this.source.charAt(this.position + offset);
  }

  private startsWith(text: string): boolean {
    return this.source.startsWith(text, this.position);
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.position += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.position < this.source.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.term());
    return { kind: 'seq', items };
  }

  private term(): Node {
    const char = this.peek();
    if (char === '^' || char === '$') {
      this.position += 1;
      return { kind: 'assert', assertion: char };
    }
    if (char === '\\' && (this.peek(1) === 'b' || this.peek(1) === 'B')) {
      this.position += 2;
      return { kind: 'assert', assertion: this.source.charAt(this.position - 1) as Assertion };
    }
    return this.quantified(this.atom());
  }

  private atom(): Node {
    const start = this.position;
    const char = this.peek();
    if (char === '(') {
      if (this.startsWith('(?=') || this.startsWith('(?!') || this.startsWith('(?<=') || this.startsWith('(?<!')) {
        throw new UnsupportedPatternError('lookahead and lookbehind are not supported');
      }
      if (this.startsWith('(?:')) this.position += 3;
      else if (this.startsWith('(?<')) this.position = this.source.indexOf('>', this.position) + 1;
      else this.position += 1;
      const inner = this.alternation();
      this.position += 1; // the ")" (the native parse guarantees it)
      return inner;
    }
    if (char === '[') {
      this.position += 1;
      if (this.peek() === '^') this.position += 1;
      while (this.peek() !== ']') this.position += this.peek() === '\\' ? 2 : 1;
      this.position += 1;
      return { kind: 'char', source: this.source.slice(start, this.position) };
    }
    if (char === '\\') return { kind: 'char', source: this.escape() };
    const codePoint = this.source.codePointAt(this.position) ?? 0;
    this.position += codePoint > 0xffff ? 2 : 1;
    return { kind: 'char', source: this.source.slice(start, this.position) };
  }

  /** An escape outside a class, as its source text; backreferences are refused. */
  private escape(): string {
    const start = this.position;
    const kind = this.peek(1);
    if (/[1-9]/.test(kind) || kind === 'k') throw new UnsupportedPatternError('backreferences are not supported');
    if (kind === 'u' && this.peek(2) === '{') this.position = this.source.indexOf('}', this.position) + 1;
    else if (kind === 'u') {
      this.position += 6;
      const lead = Number.parseInt(this.source.slice(start + 2, start + 6), 16);
      // \uD83D\uDE00 is one code point under the u flag.
      if (lead >= 0xd800 && lead <= 0xdbff && this.startsWith('\\u') && /^[\da-fA-F]{4}$/.test(this.source.slice(this.position + 2, this.position + 6))) {
        const trail = Number.parseInt(this.source.slice(this.position + 2, this.position + 6), 16);
        if (trail >= 0xdc00 && trail <= 0xdfff) this.position += 6;
      }
    } else if (kind === 'x') this.position += 4;
    else if (kind === 'c') this.position += 3;
    else if (kind === 'p' || kind === 'P') this.position = this.source.indexOf('}', this.position) + 1;
    else this.position += 2;
    return this.source.slice(start, this.position);
  }

  private quantified(node: Node): Node {
    const char = this.peek();
    let min: number;
    let max: number;
    if (char === '*') [min, max] = [0, Infinity];
    else if (char === '+') [min, max] = [1, Infinity];
    else if (char === '?') [min, max] = [0, 1];
    else if (char === '{') {
      const close = this.source.indexOf('}', this.position);
      const [low = '', high] = this.source.slice(this.position + 1, close).split(',');
      min = Number(low);
      max = high === undefined ? min : high === '' ? Infinity : Number(high);
      this.position = close;
    } else return node;
    this.position += 1;
    if (this.peek() === '?') this.position += 1; // lazy or greedy: the same for a yes/no test
    return { kind: 'repeat', node, min, max };
  }
}

type CharMatcher = (codePoint: number) => boolean;

/** A single-character atom, decided by the native engine on one code point (no backtracking possible). */
function charMatcher(source: string): CharMatcher {
  const native = new RegExp(`^(?:${source})$`, 'u');
  const ascii = new Int8Array(128);
  return (codePoint) => {
    if (codePoint < 128) {
      if (ascii[codePoint] === 0) ascii[codePoint] = native.test(String.fromCharCode(codePoint)) ? 1 : -1;
      return ascii[codePoint] === 1;
    }
    return native.test(String.fromCodePoint(codePoint));
  };
}

enum Kind {
  Char,
  Split,
  Assert,
  Match,
}

interface State {
  readonly kind: Kind;
  readonly next: number[];
  readonly matcher?: CharMatcher;
  readonly assertion?: Assertion;
}

interface Fragment {
  readonly start: number;
  readonly outs: (readonly [state: number, slot: number])[];
}

/** Thompson's construction: a pattern becomes an NFA whose simulation never backtracks. */
class NfaBuilder {
  readonly states: State[] = [];
  private readonly matchers = new Map<string, CharMatcher>();

  private add(state: State): number {
    if (this.states.length >= MAX_STATES) throw new UnsupportedPatternError('the pattern is too large once its repetitions are expanded');
    this.states.push(state);
    return this.states.length - 1;
  }

  private patch(outs: Fragment['outs'], target: number): void {
    for (const [state, slot] of outs) (this.states[state] as State).next[slot] = target;
  }

  build(node: Node): number {
    const fragment = this.fragment(node);
    this.patch(fragment.outs, this.add({ kind: Kind.Match, next: [] }));
    return fragment.start;
  }

  private fragment(node: Node): Fragment {
    switch (node.kind) {
      case 'char': {
        let matcher = this.matchers.get(node.source);
        if (matcher === undefined) this.matchers.set(node.source, (matcher = charMatcher(node.source)));
        const state = this.add({ kind: Kind.Char, next: [-1], matcher });
        return { start: state, outs: [[state, 0]] };
      }
      case 'assert': {
        const state = this.add({ kind: Kind.Assert, next: [-1], assertion: node.assertion });
        return { start: state, outs: [[state, 0]] };
      }
      case 'seq':
        return this.sequence(node.items.map((item) => () => this.fragment(item)));
      case 'alt': {
        const options = node.options.map((option) => this.fragment(option));
        const split = this.add({ kind: Kind.Split, next: options.map((option) => option.start) });
        return { start: split, outs: options.flatMap((option) => option.outs) };
      }
      case 'repeat':
        return this.repeat(node.node, node.min, node.max);
    }
  }

  private sequence(parts: readonly (() => Fragment)[]): Fragment {
    if (parts.length === 0) {
      const empty = this.add({ kind: Kind.Split, next: [-1] });
      return { start: empty, outs: [[empty, 0]] };
    }
    const fragments = parts.map((make) => make());
    for (let index = 1; index < fragments.length; index++) this.patch((fragments[index - 1] as Fragment).outs, (fragments[index] as Fragment).start);
    return { start: (fragments[0] as Fragment).start, outs: (fragments[fragments.length - 1] as Fragment).outs };
  }

  /** x{min,max}: min copies, then a loop (max infinite) or max − min optional copies. */
  private repeat(node: Node, min: number, max: number): Fragment {
    const parts: (() => Fragment)[] = [];
    for (let index = 0; index < min; index++) parts.push(() => this.fragment(node));
    if (max === Infinity) {
      parts.push(() => {
        const split = this.add({ kind: Kind.Split, next: [-1, -1] });
        const body = this.fragment(node);
        (this.states[split] as State).next[0] = body.start;
        this.patch(body.outs, split);
        return { start: split, outs: [[split, 1]] };
      });
    } else {
      for (let index = min; index < max; index++) {
        parts.push(() => {
          const split = this.add({ kind: Kind.Split, next: [-1, -1] });
          const body = this.fragment(node);
          (this.states[split] as State).next[0] = body.start;
          return { start: split, outs: [...body.outs, [split, 1]] };
        });
      }
    }
    return this.sequence(parts);
  }
}

const isWordCode = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/**
 * A regular expression with a linear-time `test`: ECMAScript syntax (u flag) without
 * backreferences or lookaround, run by simulating its Thompson NFA over the input once, so no
 * pattern can backtrack catastrophically. Used as ajv's regexp engine for schema `pattern`s, which
 * come from callers. A test costs at most pattern-states × input-length steps; past a fixed budget
 * it throws `PatternBudgetError` instead of running on.
 */
export class LinearRegExp {
  private readonly states: readonly State[];
  private readonly start: number;

  constructor(readonly source: string) {
    if (source.length > MAX_PATTERN_LENGTH) throw new UnsupportedPatternError(`patterns longer than ${MAX_PATTERN_LENGTH} characters are not supported`);
    RegExp(source, 'u'); // syntax check: throws SyntaxError exactly as ECMAScript would
    const builder = new NfaBuilder();
    this.start = builder.build(new PatternParser(source).parse());
    this.states = builder.states;
  }

  test(input: string): boolean {
    const { states } = this;
    const seen = new Int32Array(states.length).fill(-1);
    const stack: number[] = [];
    let steps = 0;
    let matched = false;

    const holds = (assertion: Assertion, position: number): boolean => {
      if (assertion === '^') return position === 0;
      if (assertion === '$') return position === input.length;
      const boundary = (position > 0 && isWordCode(input.charCodeAt(position - 1))) !== (position < input.length && isWordCode(input.charCodeAt(position)));
      return assertion === 'b' ? boundary : !boundary;
    };
    // Adds a state and everything reachable from it without consuming input.
    const add = (list: number[], from: number, position: number, generation: number): void => {
      stack.push(from);
      while (stack.length > 0) {
        const id = stack.pop() as number;
        if (seen[id] === generation) continue;
        seen[id] = generation;
        steps += 1;
        const state = states[id] as State;
        if (state.kind === Kind.Char) list.push(id);
        else if (state.kind === Kind.Match) matched = true;
        else if (state.kind === Kind.Split) for (let index = state.next.length - 1; index >= 0; index--) stack.push(state.next[index] as number);
        else if (holds(state.assertion as Assertion, position)) stack.push(state.next[0] as number);
      }
    };

    let current: number[] = [];
    let position = 0;
    for (let generation = 0; ; generation++) {
      add(current, this.start, position, generation); // a match may start anywhere
      if (matched) break;
      if (position >= input.length) break;
      if (steps > MAX_STEPS || steps > sharedBudget) throw new PatternBudgetError('is too long to test against the schema’s patterns');
      const codePoint = input.codePointAt(position) as number;
      const next: number[] = [];
      position += codePoint > 0xffff ? 2 : 1;
      for (const id of current) {
        const state = states[id] as State;
        if ((state.matcher as CharMatcher)(codePoint)) add(next, state.next[0] as number, position, generation + 1);
      }
      current = next;
    }
    sharedBudget -= steps;
    return matched;
  }

  toString(): string {
    return `/${this.source}/u`;
  }
}
