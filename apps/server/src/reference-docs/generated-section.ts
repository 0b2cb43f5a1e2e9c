/** Marks the part of a Markdown file that a generator owns: everything between the two comments. */
export function generatedSection(name: string): { readonly begin: string; readonly end: string } {
  return {
    begin: `<!-- generated:${name} (npm run docs:update; do not edit by hand) -->`,
    end: `<!-- end generated:${name} -->`,
  };
}

/** The text between a section's markers; undefined when the file lacks them. */
export function readSection(markdown: string, name: string): string | undefined {
  const { begin, end } = generatedSection(name);
  const start = markdown.indexOf(begin);
  const stop = markdown.indexOf(end);
  if (start < 0 || stop < start) return undefined;
  return markdown.slice(start + begin.length, stop).trim();
}

/** `markdown` with the section's content replaced by `content`; throws when the markers are missing. */
export function replaceSection(markdown: string, name: string, content: string): string {
  const { begin, end } = generatedSection(name);
  const start = markdown.indexOf(begin);
  const stop = markdown.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`the markers of the generated section "${name}" are missing`);
  return `${markdown.slice(0, start + begin.length)}\n\n${content.trim()}\n\n${markdown.slice(stop)}`;
}

/** A Markdown table cell: pipes escaped, line breaks as spaces. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
