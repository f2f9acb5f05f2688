import type { Database } from '#server/db/client.ts';
import type { OutboxMessageRow } from '#server/db/schema.ts';
import { createMailPreferencesRepository } from './mail-preferences.repository';
import { createOutboxRepository } from './outbox.repository';
import { RELEASE_EMAIL_KIND, renderReleaseAnnouncement } from './release-announcement';
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

export interface ReleaseMailOptions {
  storeName: string;
  publicUrl: string;
  /** Signs the unsubscribe links (MAIL_LINK_SECRET). */
  linkSecret: string;
  /** Where an owner downloads their products. */
  downloadsUrl: string;
  /** Whether a mail server is configured; without one, announcements are held for the sandbox mailbox. */
  mailServer: boolean;
}

export interface ReleaseToAnnounce {
  versionId: number;
  productName: string;
  version: string;
  major: boolean;
  changelogMarkdown: string;
}

/**
 * Release emails and the choice to get them, for the modules that need them: the catalogue
 * queues one message per opted-in owner in its publish transaction; the account reads and sets
 * the choice; the unsubscribe link turns it off; the sender adds the one-click headers.
 */
export function createReleaseMail(options: ReleaseMailOptions) {
  const linkFor = (email: string) => unsubscribeUrl(options.publicUrl, unsubscribeToken(options.linkSecret, email));

  return {
    /** Queues the release email to one owner, once per version and address however often it is called; true when queued now. */
    announce(tx: Database, release: ReleaseToAnnounce, email: string): Promise<boolean> {
      const address = email.toLowerCase();
      const message = renderReleaseAnnouncement({
        storeName: options.storeName,
        productName: release.productName,
        version: release.version,
        major: release.major,
        changelogMarkdown: release.changelogMarkdown,
        downloadsUrl: options.downloadsUrl,
        unsubscribeUrl: linkFor(address),
      });
      return createOutboxRepository(tx).enqueue(
        {
          dedupeKey: `release:${release.versionId}:${address}`,
          kind: RELEASE_EMAIL_KIND,
          toAddress: address,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
        },
        { held: !options.mailServer },
      );
    },

    /** Extra headers of a queued message at send time (the outbox keeps no headers): RFC 8058 unsubscribe on release emails. */
    headersFor(message: Pick<OutboxMessageRow, 'kind' | 'toAddress'>): Record<string, string> {
      return message.kind === RELEASE_EMAIL_KIND ? unsubscribeHeaders(linkFor(message.toAddress)) : {};
    },

    /** The address an unsubscribe token names, or undefined when the link is broken. */
    readToken: (token: string) => readUnsubscribeToken(options.linkSecret, token),

    wantsReleaseEmails: (db: Database, email: string) => createMailPreferencesRepository(db).releaseEmails(email),
    setReleaseEmails: (db: Database, email: string, wanted: boolean) => createMailPreferencesRepository(db).setReleaseEmails(email, wanted),
  };
}

export type ReleaseMail = ReturnType<typeof createReleaseMail>;
