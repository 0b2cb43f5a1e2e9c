import type { SkillDefinition } from '@skill-service/contracts';
import MiniSearch from 'minisearch';
import { processTerm, tokenize } from './text-terms.js';

interface IndexedSkill {
  readonly id: string;
  readonly ident: string;
  readonly name: string;
  readonly description: string;
  readonly tags: string;
  readonly use_cases: string;
  readonly examples: string;
}

/**
 * Field boosts of the BM25+ match: a word of the name says more about what a skill does than a
 * word of an example's description. The id (split on dots and dashes) names the domain and the
 * action, so it counts almost as much as the name.
 */
export const FIELD_BOOSTS: Readonly<Record<Exclude<keyof IndexedSkill, 'id'>, number>> = {
  name: 3,
  ident: 2,
  tags: 2,
  description: 1.5,
  use_cases: 1.2,
  examples: 0.6,
};

/** A skill whose text matches an intent: the raw BM25+ score and the intent terms that matched. */
export interface TextMatch {
  readonly skillId: string;
  readonly bm25: number;
  readonly terms: readonly string[];
}

function document(skill: SkillDefinition): IndexedSkill {
  const { metadata } = skill;
  return {
    id: skill.id,
    ident: skill.id,
    name: skill.name,
    description: skill.description,
    tags: (metadata.tags ?? []).join(' '),
    use_cases: (metadata.use_cases ?? []).join(' \n '),
    // Example descriptions only: example inputs are data (HTML, CSV…), not words about the skill.
    examples: (metadata.examples ?? []).map((example) => example.description ?? '').join(' \n '),
  };
}

/**
 * The full-text side of discovery: a MiniSearch (BM25+) index over id, name, description, tags,
 * use cases and example descriptions, built once for a set of skills. Query terms of 4+
 * characters also match as prefixes, 6+ characters with one typo (weighted down by MiniSearch).
 */
export class DiscoverIndex {
  private readonly index: MiniSearch<IndexedSkill>;

  constructor(skills: Iterable<SkillDefinition>) {
    this.index = new MiniSearch<IndexedSkill>({
      fields: Object.keys(FIELD_BOOSTS),
      storeFields: [],
      tokenize,
      processTerm,
    });
    this.index.addAll([...skills].map(document));
  }

  /** The matching skills that `accept` lets through, best first. */
  match(intent: string, accept: (skillId: string) => boolean): TextMatch[] {
    return this.index
      .search(intent, {
        boost: FIELD_BOOSTS,
        combineWith: 'OR',
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 1 : false),
        filter: (result) => accept(String(result.id)),
        tokenize,
        processTerm,
      })
      .map((result) => ({ skillId: String(result.id), bm25: result.score, terms: result.queryTerms }));
  }
}
