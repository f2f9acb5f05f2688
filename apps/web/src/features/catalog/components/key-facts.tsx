import type { KeyFact, ProductVersion } from '@store/contracts';
import { Link } from 'react-router';
import { versionDetails } from '../utils/version-details';

export function hasKeyFacts(facts: readonly KeyFact[], version: ProductVersion | null | undefined) {
  return facts.length > 0 || versionDetails(version).length > 0;
}

const LINK_CLASS =
  'inline-flex min-h-11 items-center gap-2 font-semibold underline decoration-accent decoration-2 underline-offset-4 hover:decoration-primary focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/**
 * The Key facts panel: the product's facts as a checklist, its latest release (version, date,
 * download sizes), and the facts that are links (a manual, an installation guide).
 */
export function KeyFacts({ facts, version }: { facts: readonly KeyFact[]; version: ProductVersion | null | undefined }) {
  const statements = facts.filter((fact) => !fact.href);
  const links = facts.filter((fact): fact is KeyFact & { href: string } => fact.href !== undefined);
  const details = versionDetails(version);
  if (facts.length === 0 && details.length === 0) return null;
  return (
    <section aria-labelledby="key-facts-heading" className="rounded-xl border border-border bg-tertiary p-6">
      <h2 id="key-facts-heading" className="text-lg font-semibold">
        Key facts
      </h2>
      {statements.length > 0 && (
        <ul className="mt-4 space-y-3">
          {statements.map((fact) => (
            <li key={`${fact.label ?? ''}:${fact.value}`} className="flex gap-3">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-success" fill="currentColor">
                <path
                  fillRule="evenodd"
                  d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                  clipRule="evenodd"
                />
              </svg>
              <span>
                {fact.label && <span className="text-secondary">{fact.label}: </span>}
                <span className="font-medium">{fact.value}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {details.length > 0 && (
        <dl className={`space-y-2 text-sm ${statements.length > 0 ? 'mt-5 border-t border-border pt-5' : 'mt-4'}`}>
          {details.map((detail) => (
            <div key={detail.label} className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-secondary">{detail.label}</dt>
              <dd className="font-medium whitespace-nowrap tabular-nums">
                {detail.dateTime ? <time dateTime={detail.dateTime}>{detail.value}</time> : detail.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {links.length > 0 && (
        <ul className="mt-5 space-y-1 border-t border-border pt-4">
          {links.map((fact) => (
            <li key={fact.href}>
              {fact.href.startsWith('/') ? (
                <Link to={fact.href} className={LINK_CLASS}>
                  <FactLinkText fact={fact} />
                </Link>
              ) : (
                <a href={fact.href} className={LINK_CLASS} rel="noopener noreferrer">
                  <FactLinkText fact={fact} />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FactLinkText({ fact }: { fact: KeyFact }) {
  return (
    <>
      {fact.label ? `${fact.label}: ${fact.value}` : fact.value}
      <span aria-hidden="true" className="inline-block">
        →
      </span>
    </>
  );
}
