import { describe, expect, it } from '@jest/globals';
import { processTerm, stem, termsOf, tokenize } from './text-terms.js';

describe('text terms', () => {
  it.each([
    ['summarize', 'summarise', 'summarizing', 'summary', 'summaries', 'summarizer'],
    ['validate', 'validation', 'validating', 'validated'],
    ['record', 'records', 'recording'],
    ['classify', 'classification', 'classified'],
    ['keyword', 'keywords'],
    ['page', 'pages'],
    ['normalise', 'normalization', 'normalize'],
  ])('stems %s and its forms to one term', (...forms) => {
    expect(new Set(forms.map(stem)).size).toBe(1);
  });

  it('leaves short words, classes and words of other scripts alone', () => {
    expect(stem('key')).toBe('key');
    expect(stem('class')).toBe('class');
    expect(stem('données')).toBe('données');
  });

  it('splits ids and sentences on anything but letters and digits', () => {
    expect(tokenize('text.page-digest: a URL, or HTML?')).toEqual(['text', 'page', 'digest', 'a', 'URL', 'or', 'HTML']);
    expect(tokenize('東京 タワー')).toEqual(['東京', 'タワー']);
  });

  it('drops stop words and single characters, folds case and accents', () => {
    expect(processTerm('The')).toBeNull();
    expect(processTerm('x')).toBeNull();
    expect(processTerm('Résumé')).toBe('resum');
    expect(termsOf('Summarise THE pages of a page')).toEqual(['summar', 'pag']);
  });
});
