import type { DiscoverResult, SkillList, SkillSummary } from '@skill-service/contracts';
import { useState } from 'preact/hooks';
import { useConsole, useResource } from '../console-context.js';
import { href } from '../router.js';
import { ErrorNotice } from '../ui/notices.js';

const FILTERS = ['domain', 'role', 'status', 'invocation'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const PAGE_SIZE = 100;

/** The skills list with the list's filters, and a search box backed by discover (scores and reasons). */
export function CataloguePage() {
  const { client } = useConsole();
  const [filters, setFilters] = useState<Filters>({ domain: '', role: '', status: '', invocation: '' });
  const [offset, setOffset] = useState(0);
  const [intent, setIntent] = useState('');
  const [search, setSearch] = useState<{ intent: string; result?: DiscoverResult; error?: unknown } | undefined>(undefined);

  const list = useResource(
    (signal) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
      for (const name of FILTERS) if (filters[name] !== '') query.set(name, filters[name]);
      return client.get<SkillList>(`/v1/skills/list?${query.toString()}`, signal);
    },
    [filters.domain, filters.role, filters.status, filters.invocation, offset],
  );

  const runSearch = async (): Promise<void> => {
    const text = intent.trim();
    if (text === '') {
      setSearch(undefined);
      return;
    }
    setSearch({ intent: text });
    try {
      const body = { intent: text, limit: 20, ...(filters.domain === '' ? {} : { domain: filters.domain }), ...(filters.role === '' ? {} : { role: filters.role }) };
      setSearch({ intent: text, result: await client.post<DiscoverResult>('/v1/skills/discover', body) });
    } catch (error) {
      setSearch({ intent: text, error });
    }
  };

  return (
    <section>
      <h1>Catalogue</h1>
      <form
        class="search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void runSearch();
        }}
      >
        <label for="intent">Find a skill for…</label>
        <input id="intent" type="search" value={intent} maxLength={2000} placeholder="e.g. find personal data in a text" onInput={(event) => setIntent(event.currentTarget.value)} />
        <button type="submit" class="button button-primary">
          Search
        </button>
        {search === undefined ? null : (
          <button type="button" class="button" onClick={() => { setSearch(undefined); setIntent(''); }}>
            Clear
          </button>
        )}
      </form>
      <fieldset class="filters">
        <legend>Filters</legend>
        {FILTERS.map((name) => (
          <label key={name}>
            {name}
            <input
              name={name}
              value={filters[name]}
              onChange={(event) => {
                setOffset(0);
                setFilters({ ...filters, [name]: event.currentTarget.value.trim() });
              }}
            />
          </label>
        ))}
      </fieldset>
      {search === undefined ? <SkillTable list={list.data} loading={list.loading} error={list.error} offset={offset} onPage={setOffset} /> : <SearchResults {...search} />}
    </section>
  );
}

function SkillTable({ list, loading, error, offset, onPage }: { list?: SkillList; loading: boolean; error: unknown; offset: number; onPage: (offset: number) => void }) {
  return (
    <div>
      <ErrorNotice error={error} title="The skill list could not be loaded" />
      {list === undefined ? (
        loading ? <p aria-busy="true">Loading skills…</p> : null
      ) : (
        <>
          <p class="count" data-testid="skill-count">
            {list.pagination.total} skills{list.pagination.total > list.skills.length ? `, showing ${offset + 1}–${offset + list.skills.length}` : ''}
          </p>
          <table class="table" aria-label="Skills">
            <thead>
              <tr>
                <th scope="col">Skill</th>
                <th scope="col">Domain</th>
                <th scope="col">Status</th>
                <th scope="col">Role</th>
                <th scope="col">Invocation</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {list.skills.map((skill) => (
                <SkillRow key={skill.id} skill={skill} />
              ))}
            </tbody>
          </table>
          <div class="pager">
            {offset > 0 ? (
              <button type="button" class="button" onClick={() => onPage(Math.max(0, offset - list.pagination.limit))}>
                Previous
              </button>
            ) : null}
            {list.pagination.has_more ? (
              <button type="button" class="button" onClick={() => onPage(list.pagination.next_offset ?? offset + list.pagination.limit)}>
                Next
              </button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

function SkillRow({ skill }: { skill: SkillSummary }) {
  return (
    <tr data-skill={skill.id}>
      <td>
        <a href={href('skills', skill.id)}>{skill.name}</a>
        <div class="muted mono">{skill.id}</div>
      </td>
      <td>{skill.domain}</td>
      <td>
        <span class={`tag tag-${skill.status}`}>{skill.status}</span>
      </td>
      <td>{skill.role ?? '—'}</td>
      <td>{skill.invocation ?? '—'}</td>
      <td>{skill.description}</td>
    </tr>
  );
}

function SearchResults({ intent, result, error }: { intent: string; result?: DiscoverResult; error?: unknown }) {
  return (
    <div>
      <h2>Best matches for “{intent}”</h2>
      <ErrorNotice error={error} title="Search failed" />
      {result === undefined && error === undefined ? <p aria-busy="true">Searching…</p> : null}
      {result !== undefined && result.results.length === 0 ? <p>No skill matches this intent.</p> : null}
      {result === undefined || result.results.length === 0 ? null : (
        <ol class="results" aria-label="Search results">
          {result.results.map((candidate) => (
            <li key={candidate.id} data-skill={candidate.id}>
              <a href={href('skills', candidate.id)}>{candidate.name}</a> <span class="muted mono">{candidate.id}</span>
              <span class="score" data-testid="score">
                score {candidate.score.toFixed(2)}
              </span>
              <div class="reason-line">{candidate.reason}</div>
              <div class="muted">{candidate.description}</div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
