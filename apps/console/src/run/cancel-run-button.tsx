import type { RunRecord } from '@skill-service/contracts';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/api-error.js';
import { RUN_FINISHED, cancelDisabledReason, cancelNotOffered, cancelRefusalText, cancelRun } from '../api/run-cancel.js';
import { useConsole } from '../console-context.js';
import { ErrorNotice, GuardedButton, Notice } from '../ui/notices.js';

interface CancelState {
  readonly busy: boolean;
  readonly error?: unknown;
  readonly unavailable?: string;
}

/**
 * The Cancel button of a running async run, disabled with the reason where it cannot be used;
 * a refusal (403 not the caller's run, 409 already finished) is shown beside it in words. The
 * cancel's answer is the run's final record: `onCancelled` gets it (an executor may cancel a run
 * it cannot read, so the page may have no other way to show it), `onSettled` after any answer.
 */
export function CancelRunButton(props: {
  runId: string;
  /** The run's status as the page knows it; undefined when it could not read the record. */
  status: RunRecord['status'] | undefined;
  onCancelled: (record: RunRecord) => void;
  onSettled?: () => void;
}) {
  const { client, caller, features } = useConsole();
  const [cancel, setCancel] = useState<CancelState>({ busy: false });
  // A 409 tells the run finished, even where the page cannot read its record.
  const finished = cancel.error instanceof ApiError && cancel.error.status === 409 ? RUN_FINISHED : undefined;
  const reason = cancel.unavailable ?? cancelDisabledReason(features, caller, props.status) ?? finished;

  const press = async (): Promise<void> => {
    setCancel({ busy: true });
    try {
      const record = await cancelRun(client, props.runId);
      setCancel({ busy: false });
      props.onCancelled(record);
    } catch (error) {
      if (cancelNotOffered(error)) setCancel({ busy: false, unavailable: 'This server does not offer run cancellation.' });
      else setCancel({ busy: false, error });
    }
    props.onSettled?.();
  };

  const refusal = cancelRefusalText(cancel.error);
  return (
    <>
      <div class="actions">
        <GuardedButton id="cancel-run" label="Cancel run" kind="danger" reason={reason} busy={cancel.busy} onClick={() => void press()} />
      </div>
      {refusal === undefined ? (
        <ErrorNotice error={cancel.error} title="The run could not be cancelled" />
      ) : (
        <Notice kind="error">
          <strong>The run could not be cancelled: </strong>
          <span data-testid="cancel-refusal">{refusal}</span>
        </Notice>
      )}
    </>
  );
}
