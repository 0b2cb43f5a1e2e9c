// Sentence-final punctuation (… 。 ！ ？ escaped: the server bundle stays pure ASCII, which V8 stores at one
// byte per character), possibly followed by closing quotes or brackets.
const TERMINATED = /[.!?\u2026\u3002\uFF01\uFF1F][\p{Pf}\p{Pe}"']*$/u;

/**
 * Joins selected sentences into one text: with a space after a sentence that ends in terminal
 * punctuation, with a line break after one that does not (a heading or a list item), so that
 * "Opening hours" and "Mon–Fri: 8–18" do not run together.
 */
export function joinSentences(sentences: readonly string[]): string {
  let text = '';
  sentences.forEach((sentence, index) => {
    if (index > 0) text += TERMINATED.test(sentences[index - 1] ?? '') ? ' ' : '\n';
    text += sentence;
  });
  return text;
}
