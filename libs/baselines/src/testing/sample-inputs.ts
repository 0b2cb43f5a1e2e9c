// Shared by the specs (nothing in the library imports it): one valid input per capability, the
// baseline that the bad-input table varies one field at a time.
const ARTICLE = 'The council approved new cycle lanes. The lanes connect the station and the university. Work starts in April.';
const ROWS = [
  { id: 1, region: 'north', total: 120 },
  { id: 2, region: 'south', total: 300 },
];

export const SAMPLE_INPUTS: Readonly<Record<string, Record<string, unknown>>> = {
  'text.content.summarize': { text: ARTICLE, max_sentences: 2, max_words: 50, language: 'eng' },
  'text.content.condense': { text: ARTICLE, language: 'eng' },
  'text.content.excerpt': { text: ARTICLE, max_chars: 80 },
  'text.content.normalize': { text: ' a  b ', form: 'NFKC', collapse_whitespace: true },
  'text.content.chunk': { text: ARTICLE, max_chars: 60, overlap_sentences: 1 },
  'text.content.classify': { text: ARTICLE, labels: ['transport', { name: 'sports', description: 'games', keywords: ['match'] }] },
  'text.content.categorize': { text: ARTICLE, labels: ['transport', { name: 'cycling', keywords: ['cycle lanes'] }] },
  'text.content.compare': { a: ARTICLE, b: 'New cycle lanes approved.', max_shared_terms: 3 },
  'text.content.publish': { text: ARTICLE, channel: 'blog', title: 'Cycle lanes' },
  'text.keyword.extract': { text: ARTICLE, max_keywords: 3, max_words: 3, language: 'eng' },
  'text.ngram.extract': { text: ARTICLE, max_keywords: 3, min_word_length: 4 },
  'text.language.detect': { text: ARTICLE, candidates: ['eng', 'deu'], min_length: 5 },
  'text.entity.extract': { text: 'Sarah Johnson visited Boston on Friday.' },
  'text.template.render': { template: 'Hi {{name}}', data: { name: 'Ana' }, escape_html: false },
  'data.json.parse': { text: '{"a": [1, 2]}' },
  'data.csv.parse': { text: 'a,b\n1,2\n', delimiter: ',', header: true, trim: false, numbers: true },
  'data.schema.validate': { data: { a: 1 }, schema: { type: 'object', required: ['a'] } },
  'data.record.pick': { record: { a: { b: 1 } }, fields: ['a.b', { path: 'a', as: 'x' }] },
  'data.record.transform': { record: { a: ' 1 ' }, operations: [{ op: 'trim', field: 'a' }, { op: 'cast', field: 'a', to: 'integer' }] },
  'table.rows.filter': { rows: ROWS, where: [{ field: 'total', op: 'gt', value: 100 }], match: 'all' },
  'table.rows.sort': { rows: ROWS, by: [{ field: 'total', order: 'desc' }], limit: 1 },
  'table.rows.aggregate': { rows: ROWS, group_by: ['region'], metrics: [{ op: 'sum', field: 'total', as: 'sum' }] },
  'web.page.fetch': { url: 'https://example.com/', timeout_seconds: 5, max_bytes: 1000 },
  'web.page.extract': { html: '<title>T</title><p>Hello</p>' },
  'web.link.extract': { html: '<a href="/x">x</a>', base_url: 'https://example.com/', external_only: false },
  'security.pii.detect': { text: 'Mail ana@example.com', region: 'US', types: ['email'] },
  'security.pii.redact': { text: 'Mail ana@example.com', region: 'US', types: ['email'], style: 'label' },
  'security.pii.gate': { text: 'Mail ana@example.com', region: 'US', allow: ['phone'] },
  'policy.constraint.validate': { record: { a: 1 }, constraints: { required: ['a'], max_value: { a: 2 } } },
  'code.diff.summarize': { before: 'a\n', after: 'b\n', filename: 'f.txt', context: 1 },
  'decision.option.rank': { options: [{ id: 'a', v: 1 }, { id: 'b', v: 2 }], criteria: [{ field: 'v', weight: 1, goal: 'max' }], id_field: 'id' },
  'decision.vote.tally': { votes: [{ label: 'a', score: 1 }], method: 'sum' },
};
