import type { DeadLetter, WebhookSubscription } from '@skill-service/contracts';
import { useState } from 'preact/hooks';
import { deniedReason } from '../api/caller-role.js';
import { useConsole, useResource } from '../console-context.js';
import { ErrorNotice, GuardedButton, Notice } from '../ui/notices.js';

const EVENTS = ['*', 'skill.started', 'skill.completed', 'skill.failed', 'run.completed', 'run.failed'] as const;

/** Webhook subscriptions (create, delete) and the dead letters of failed deliveries (replay). */
export function WebhooksPage() {
  const { client, caller } = useConsole();
  const denied = deniedReason(caller, 'operator', 'Managing webhooks');
  const subscriptions = useResource((signal) => client.get<{ subscriptions: WebhookSubscription[] }>('/v1/webhooks', signal), []);
  const deadLetters = useResource((signal) => client.get<{ dead_letters: DeadLetter[] }>('/v1/webhooks/dead-letters', signal), []);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<readonly string[]>(['*']);
  const [actionError, setActionError] = useState<unknown>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);

  const act = async (what: () => Promise<string>): Promise<void> => {
    setActionError(undefined);
    setMessage(undefined);
    try {
      setMessage(await what());
    } catch (error) {
      setActionError(error);
    }
    subscriptions.reload();
    deadLetters.reload();
  };

  return (
    <section>
      <h1>Webhooks</h1>
      {denied === undefined ? null : <Notice kind="warning">{denied}</Notice>}
      <ErrorNotice error={actionError} title="The action failed" />
      {message === undefined ? null : <Notice kind="info">{message}</Notice>}
      <h2>Subscriptions</h2>
      <ErrorNotice error={subscriptions.error} title="The subscriptions could not be loaded" />
      {subscriptions.data === undefined ? null : subscriptions.data.subscriptions.length === 0 ? (
        <p>No subscriptions.</p>
      ) : (
        <table class="table" aria-label="Subscriptions">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">Active</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.data.subscriptions.map((subscription) => (
              <tr key={subscription.id} data-webhook={subscription.id}>
                <td class="mono">{subscription.url}</td>
                <td>{subscription.events.join(', ')}</td>
                <td>{subscription.active ? 'yes' : 'no'}</td>
                <td>
                  <GuardedButton
                    label="Delete"
                    kind="danger"
                    reason={denied}
                    onClick={() => void act(async () => (await client.delete(`/v1/webhooks/${encodeURIComponent(subscription.id)}`), `Deleted the subscription to ${subscription.url}.`))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        class="webhook-form"
        aria-label="New subscription"
        onSubmit={(event) => {
          event.preventDefault();
          if (denied !== undefined) return;
          void act(async () => {
            const created = await client.post<WebhookSubscription>('/v1/webhooks', { url: url.trim(), events, ...(secret === '' ? {} : { secret }) });
            setUrl('');
            setSecret('');
            return `Subscribed ${created.url} (${created.id}).`;
          });
        }}
      >
        <h3>New subscription</h3>
        <div class="field">
          <label for="webhook-url">Receiver URL</label>
          <input id="webhook-url" type="url" required value={url} onInput={(event) => setUrl(event.currentTarget.value)} placeholder="https://hooks.example.com/skills" />
        </div>
        <fieldset>
          <legend>Events</legend>
          {EVENTS.map((name) => (
            <label key={name} class="check">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={(event) => setEvents(event.currentTarget.checked ? [...events, name] : events.filter((e) => e !== name))}
              />
              {name}
            </label>
          ))}
        </fieldset>
        <div class="field">
          <label for="webhook-secret">Signing secret (optional)</label>
          <input id="webhook-secret" type="password" autocomplete="off" value={secret} onInput={(event) => setSecret(event.currentTarget.value)} />
        </div>
        <button type="submit" class="button button-primary" disabled={denied !== undefined || events.length === 0} aria-describedby={denied === undefined ? undefined : 'webhook-denied'}>
          Subscribe
        </button>
        {denied === undefined ? null : (
          <span class="reason" id="webhook-denied">
            {denied}
          </span>
        )}
      </form>
      <h2>Dead letters</h2>
      <ErrorNotice error={deadLetters.error} title="The dead letters could not be loaded" />
      {deadLetters.data === undefined ? null : deadLetters.data.dead_letters.length === 0 ? (
        <p>No dead letters: every delivery got through.</p>
      ) : (
        <table class="table" aria-label="Dead letters">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">URL</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
              <th scope="col">Failed at</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deadLetters.data.dead_letters.map((letter) => (
              <tr key={letter.id} data-dead-letter={letter.id}>
                <td>{(letter as DeadLetter & { event?: string }).event ?? ''}</td>
                <td class="mono">{letter.url}</td>
                <td>{letter.attempts}</td>
                <td>{letter.last_error}</td>
                <td>{letter.failed_at}</td>
                <td>
                  <GuardedButton
                    label="Replay"
                    reason={denied}
                    onClick={() =>
                      void act(async () => {
                        await client.post(`/v1/webhooks/dead-letters/${encodeURIComponent(letter.id)}/replay`, {});
                        return `Replayed the delivery to ${letter.url}: it is queued again (a new dead letter appears if it fails again).`;
                      })
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
