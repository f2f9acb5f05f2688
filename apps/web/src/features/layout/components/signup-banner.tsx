import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Container } from '#web/components/ui/container.tsx';
import { hairline, iconButton } from '../styles';
import { CloseIcon } from './icons';

/** Under the navigation for signed-out visitors. Dismissal lasts until reload, by design (docs/behaviour/site.md#signup-banner). */
export function SignupBanner({ onSignup }: { onSignup: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <section aria-label="Create an account" data-signup-banner className={`border-b ${hairline} bg-tertiary`}>
      <Container className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5 sm:flex-nowrap">
        <span aria-hidden="true" className="hidden size-2 shrink-0 rounded-full bg-accent sm:block" />
        <p className="min-w-0 flex-1 basis-full text-sm text-primary sm:basis-auto">
          <strong className="font-semibold">Finally - you can log in!</strong> Access your Orders and Downloads — make an account using the email address used
          to make purchases
        </p>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <Button onClick={onSignup}>Signup</Button>
          <button type="button" aria-label="Dismiss" title="Dismiss" onClick={() => setDismissed(true)} className={`${iconButton} -mr-2`}>
            <CloseIcon />
          </button>
        </div>
      </Container>
    </section>
  );
}
