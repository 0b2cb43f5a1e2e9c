/** One sentence of a text: trimmed, with the UTF-16 offsets of the trimmed text. */
export interface Sentence {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

// ICU's segmenter slows down sharply on long strings (a 1 MB text takes close to a minute in one
// piece), so it is fed windows of this size; a window's last sentence may be cut, so the next
// window starts again at it.
const WINDOW = 4096;
// A fixed locale: the process default would make the split depend on the machine. Made on first
// use, like every ICU service here: its break rules are pages of ICU data an idle server need not map.
let segmenter: Intl.Segmenter | undefined;

function pushTrimmed(sentences: Sentence[], text: string, start: number, end: number): void {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text.charAt(from))) from++;
  while (to > from && /\s/.test(text.charAt(to - 1))) to--;
  if (to > from) sentences.push({ text: text.slice(from, to), start: from, end: to });
}

/** Where to cut a window that holds no sentence end: at its last whitespace, else at its end. */
function cutPoint(text: string, start: number, end: number): number {
  for (let index = end - 1; index > start + WINDOW / 2; index--) if (/\s/.test(text.charAt(index))) return index + 1;
  // Never between the two halves of a surrogate pair.
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** Sentences by Unicode sentence-boundary rules (UAX #29, through Intl.Segmenter), in linear time. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let position = 0;
  while (position < text.length) {
    let end = Math.min(text.length, position + WINDOW);
    if (end < text.length) {
      const code = text.charCodeAt(end - 1);
      if (code >= 0xd800 && code <= 0xdbff) end -= 1;
    }
    const segments = [...(segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' })).segment(text.slice(position, end))];
    if (end === text.length) {
      for (const segment of segments) pushTrimmed(sentences, text, position + segment.index, position + segment.index + segment.segment.length);
      break;
    }
    const last = segments[segments.length - 1];
    if (segments.length > 1 && last !== undefined) {
      for (const segment of segments.slice(0, -1)) pushTrimmed(sentences, text, position + segment.index, position + segment.index + segment.segment.length);
      position += last.index;
    } else {
      const cut = cutPoint(text, position, end);
      pushTrimmed(sentences, text, position, cut);
      position = cut;
    }
  }
  return sentences;
}
