import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ApiError } from './api/api-error.js';
import { probeRole, type CallerRole } from './api/caller-role.js';
import { credentialHeaders, credentialOf, jwtClaims, loadCredential, saveCredential, secondsToExpiry, type Credential } from './api/credentials.js';
import { HttpClient } from './api/http-client.js';
import { NO_FEATURES, serverFeatures, type ServerFeatures } from './api/server-features.js';
import { Console, useInterval } from './console-context.js';
import { CataloguePage } from './pages/catalogue-page.js';
import { DiagnosticsPage } from './pages/diagnostics-page.js';
import { RunPage } from './pages/run-page.js';
import { RunsPage } from './pages/runs-page.js';
import { SkillPage } from './pages/skill-page.js';
import { WebhooksPage } from './pages/webhooks-page.js';
import { useRoute, type Route } from './router.js';
import { ErrorBoundary } from './ui/error-boundary.js';

/** The banner's subject: the last refused or failed call that concerns the whole page. */
type Alert = { kind: 'unauthorized' | 'rate-limited' | 'unreachable'; text: string } | { kind: 'expired'; text: string };

const RECONNECT_MS = 1500;

export function App() {
  const route = useRoute();
  const [credential, setCredential] = useState<Credential | undefined>(() => loadCredential(sessionStorage));
  const credentialRef = useRef(credential);
  credentialRef.current = credential;
  const [alert, setAlert] = useState<Alert | undefined>(undefined);
  const [caller, setCaller] = useState<CallerRole>({ role: undefined, source: 'probe' });
  const [features, setFeatures] = useState<ServerFeatures>(NO_FEATURES);
  const [reloadToken, setReloadToken] = useState(0);

  const client = useMemo(
    () =>
      new HttpClient(() => credentialRef.current, {
        succeeded: () => setAlert((current) => (current?.kind === 'unreachable' || current?.kind === 'rate-limited' ? undefined : current)),
        failed: (error: ApiError) => {
          if (error.status === 0) setAlert({ kind: 'unreachable', text: `The server cannot be reached (${error.message}). Retrying…` });
          else if (error.status === 401) setAlert({ kind: 'unauthorized', text: `The server refused the credential: ${error.describe()}` });
          else if (error.status === 429) setAlert({ kind: 'rate-limited', text: error.describe() });
        },
      }),
    [],
  );
  // Probes must not raise banners: a 403 there is the answer, not a failure.
  const probeClient = useMemo(() => new HttpClient(() => credentialRef.current), []);

  useEffect(() => {
    let live = true;
    void probeRole(probeClient, credential).then((role) => live && setCaller(role), () => live && setCaller({ role: undefined, source: 'probe' }));
    void serverFeatures(probeClient).then((found) => live && setFeatures(found));
    return () => {
      live = false;
    };
  }, [credential, reloadToken, probeClient]);

  // The server went away: ask until it answers again, then load everything afresh.
  useInterval(
    () => {
      fetch('/v1/health', { headers: credentialHeaders(credentialRef.current), cache: 'no-store' }).then(
        () => {
          setAlert(undefined);
          setReloadToken((n) => n + 1);
        },
        () => undefined,
      );
    },
    RECONNECT_MS,
    alert?.kind === 'unreachable',
  );

  // A JWT that expires while the page is open: say so before the next call is refused.
  useInterval(
    () => {
      const left = secondsToExpiry(credentialRef.current, Date.now());
      if (left !== undefined && left <= 0 && alert?.kind !== 'expired') {
        const exp = jwtClaims(credentialRef.current?.value ?? '')?.exp ?? 0;
        setAlert({ kind: 'expired', text: `Your token expired at ${new Date(exp * 1000).toISOString()}. Enter a new credential to go on.` });
      }
    },
    1000,
    credential?.kind === 'jwt',
  );

  const useCredential = (next: Credential | undefined): void => {
    saveCredential(sessionStorage, next);
    credentialRef.current = next;
    setCredential(next);
    setAlert(undefined);
    setReloadToken((n) => n + 1);
  };

  return (
    <Console.Provider value={{ client, caller, features, reloadToken }}>
      <header class="top">
        <a class="brand" href="#/skills">
          Skill service console
        </a>
        <nav aria-label="Main">
          <NavLink route={route} page="catalogue" href="#/skills" label="Catalogue" />
          <NavLink route={route} page="runs" href="#/runs" label="Runs" />
          <NavLink route={route} page="webhooks" href="#/webhooks" label="Webhooks" />
          <NavLink route={route} page="diagnostics" href="#/diagnostics" label="Diagnostics" />
        </nav>
        <CredentialPanel credential={credential} caller={caller} onChange={useCredential} />
      </header>
      {alert === undefined ? null : (
        <div class={`banner banner-${alert.kind}`} role="alert" data-alert={alert.kind}>
          {alert.text}
        </div>
      )}
      <main id="main">
        <ErrorBoundary resetKey={JSON.stringify(route)}>
          <Page route={route} />
        </ErrorBoundary>
      </main>
    </Console.Provider>
  );
}

function NavLink({ route, page, href, label }: { route: Route; page: Route['page']; href: string; label: string }) {
  const current = route.page === page || (page === 'catalogue' && route.page === 'skill') || (page === 'runs' && route.page === 'run');
  return (
    <a href={href} aria-current={current ? 'page' : undefined}>
      {label}
    </a>
  );
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'catalogue':
      return <CataloguePage />;
    case 'skill':
      return <SkillPage skillId={route.skillId} />;
    case 'runs':
      return <RunsPage />;
    case 'run':
      return <RunPage runId={route.runId} />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'diagnostics':
      return <DiagnosticsPage />;
    default:
      return (
        <section>
          <h1>Page not found</h1>
          <p>
            Nothing lives at <code>{route.hash}</code>. <a href="#/skills">Back to the catalogue</a>.
          </p>
        </section>
      );
  }
}

function CredentialPanel({ credential, caller, onChange }: { credential: Credential | undefined; caller: CallerRole; onChange: (next: Credential | undefined) => void }) {
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const roleText = caller.role === undefined ? 'role unknown' : `role ${caller.role}`;
  if (credential !== undefined && !editing) {
    const claims = credential.kind === 'jwt' ? jwtClaims(credential.value) : undefined;
    return (
      <div class="credential" aria-label="Credential">
        <span data-testid="caller">
          {credential.kind === 'jwt' ? `JWT${claims?.sub === undefined ? '' : ` for ${claims.sub}`}` : 'API key'} · {roleText}
        </span>
        <button type="button" class="button" onClick={() => setEditing(true)}>
          Change
        </button>
        <button type="button" class="button" onClick={() => onChange(undefined)}>
          Sign out
        </button>
      </div>
    );
  }
  return (
    <form
      class="credential"
      aria-label="Credential"
      onSubmit={(event) => {
        event.preventDefault();
        const next = credentialOf(text);
        setText('');
        setEditing(false);
        onChange(next);
      }}
    >
      <label for="credential-input">API key or JWT</label>
      <input id="credential-input" type="password" autocomplete="off" value={text} onInput={(event) => setText(event.currentTarget.value)} />
      <button type="submit" class="button button-primary">
        Use
      </button>
      {credential === undefined ? <span data-testid="caller">No credential · {roleText}</span> : null}
    </form>
  );
}
