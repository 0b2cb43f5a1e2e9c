import type { ComponentChildren } from 'preact';
import { ApiError } from '../api/api-error.js';

/** A failure in words: the status, the contract's code and message; never a stack. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.describe();
  if (error instanceof Error) return error.message;
  return String(error);
}

export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (error === undefined || error === null) return null;
  return (
    <div class="notice notice-error" role="alert">
      {title === undefined ? null : <strong>{title}: </strong>}
      {errorText(error)}
    </div>
  );
}

export function Notice({ kind, children }: { kind: 'info' | 'warning' | 'error'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A button that is disabled with its reason shown beside it (and as its accessible description). */
export function GuardedButton(props: {
  label: string;
  reason: string | undefined;
  onClick: () => void;
  busy?: boolean;
  kind?: 'primary' | 'danger' | 'plain';
  id?: string;
}) {
  const reasonId = props.id === undefined ? undefined : `${props.id}-reason`;
  const disabled = props.reason !== undefined || props.busy === true;
  return (
    <span class="guarded">
      <button
        type="button"
        id={props.id}
        class={`button button-${props.kind ?? 'plain'}`}
        disabled={disabled}
        aria-describedby={props.reason === undefined ? undefined : reasonId}
        onClick={props.onClick}
      >
        {props.label}
      </button>
      {props.reason === undefined ? null : (
        <span class="reason" id={reasonId}>
          {props.reason}
        </span>
      )}
    </span>
  );
}
