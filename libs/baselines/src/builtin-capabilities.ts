import type { BuiltinCapability } from './builtin-capability.js';
import { codeDiffSummarize } from './capabilities/code/code-diff-summarize.js';
import { dataCsvParse } from './capabilities/data/data-csv-parse.js';
import { dataJsonParse } from './capabilities/data/data-json-parse.js';
import { dataRecordPick } from './capabilities/data/data-record-pick.js';
import { dataRecordTransform } from './capabilities/data/data-record-transform.js';
import { dataSchemaValidate } from './capabilities/data/data-schema-validate.js';
import { decisionOptionRank } from './capabilities/decision/decision-option-rank.js';
import { decisionVoteTally } from './capabilities/decision/decision-vote-tally.js';
import { policyConstraintValidate } from './capabilities/policy/policy-constraint-validate.js';
import { securityPiiDetect } from './capabilities/security/security-pii-detect.js';
import { securityPiiGate } from './capabilities/security/security-pii-gate.js';
import { securityPiiRedact } from './capabilities/security/security-pii-redact.js';
import { tableRowsAggregate } from './capabilities/table/table-rows-aggregate.js';
import { tableRowsFilter } from './capabilities/table/table-rows-filter.js';
import { tableRowsSort } from './capabilities/table/table-rows-sort.js';
import { textContentCategorize } from './capabilities/text/text-content-categorize.js';
import { textContentChunk } from './capabilities/text/text-content-chunk.js';
import { textContentClassify } from './capabilities/text/text-content-classify.js';
import { textContentCompare } from './capabilities/text/text-content-compare.js';
import { textContentCondense } from './capabilities/text/text-content-condense.js';
import { textContentExcerpt } from './capabilities/text/text-content-excerpt.js';
import { textContentNormalize } from './capabilities/text/text-content-normalize.js';
import { textContentPublish } from './capabilities/text/text-content-publish.js';
import { textContentSummarize } from './capabilities/text/text-content-summarize.js';
import { textEntityExtract } from './capabilities/text/text-entity-extract.js';
import { textKeywordExtract } from './capabilities/text/text-keyword-extract.js';
import { textLanguageDetect } from './capabilities/text/text-language-detect.js';
import { textNgramExtract } from './capabilities/text/text-ngram-extract.js';
import { textTemplateRender } from './capabilities/text/text-template-render.js';
import { webLinkExtract } from './capabilities/web/web-link-extract.js';
import { webPageExtract } from './capabilities/web/web-page-extract.js';
import { webPageFetch } from './capabilities/web/web-page-fetch.js';

/** Every built-in capability, by domain; ids are unique (and double as MCP tool names). */
export const BUILTIN_CAPABILITIES: readonly BuiltinCapability[] = [
  textContentSummarize,
  textContentCondense,
  textContentExcerpt,
  textContentNormalize,
  textContentChunk,
  textContentClassify,
  textContentCategorize,
  textContentCompare,
  textContentPublish,
  textKeywordExtract,
  textNgramExtract,
  textLanguageDetect,
  textEntityExtract,
  textTemplateRender,
  dataJsonParse,
  dataCsvParse,
  dataSchemaValidate,
  dataRecordPick,
  dataRecordTransform,
  tableRowsFilter,
  tableRowsSort,
  tableRowsAggregate,
  webPageFetch,
  webPageExtract,
  webLinkExtract,
  securityPiiDetect,
  securityPiiRedact,
  securityPiiGate,
  policyConstraintValidate,
  codeDiffSummarize,
  decisionOptionRank,
  decisionVoteTally,
];
