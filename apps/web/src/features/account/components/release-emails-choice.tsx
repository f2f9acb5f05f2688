import { useId, useState } from 'react';
import { useMailPreferences } from '../api/account-api';

export const RELEASE_EMAILS_LABEL = 'Email me when a product I own has a new version';

/** The release-email opt-in: off until ticked, saved as soon as it changes, with what happened beside it. */
export function ReleaseEmailsChoice({ subject, getAccessToken }: { subject: string; getAccessToken: () => Promise<string> }) {
  const { query, save } = useMailPreferences({ subject, getAccessToken });
  const statusId = useId();
  // The clicked choice shows at once: the mutation's pending state reaches React a task later,
  // and until then a controlled box would snap back to the stored value.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const checked = clicked ?? query.data?.releaseEmails ?? false;
  const choose = (releaseEmails: boolean) => {
    setClicked(releaseEmails);
    save.mutate({ releaseEmails }, { onSettled: () => setClicked(null) });
  };
  return (
    <div className="flex flex-col gap-2">
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-accent"
          checked={checked}
          disabled={!query.data || clicked !== null}
          aria-describedby={statusId}
          onChange={(event) => choose(event.target.checked)}
        />
        {RELEASE_EMAILS_LABEL}
      </label>
      <p id={statusId} className="text-sm text-secondary" aria-live="polite">
        {query.isPending
          ? 'Loading your choice…'
          : query.isError
            ? 'Your choice could not be loaded. Reload the page to try again.'
            : save.isPending
              ? 'Saving…'
              : save.isError
                ? ''
                : save.isSuccess
                  ? 'Saved.'
                  : 'One short email per new version, with what changed. Every email has a link to stop them.'}
      </p>
      {save.isError && (
        <p role="alert" className="text-sm font-medium text-danger">
          Your choice was not saved: the store could not be reached or refused it. Try again in a moment.
        </p>
      )}
    </div>
  );
}
