import type { PublicStoreConfig } from '@store/contracts/public-config';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { Container } from '#web/components/ui/container.tsx';
import { PAGE_LINKS, POLICY_LINKS, useProductLinks, type NavLinkItem } from '../nav-links';
import { focusRing, hairline } from '../styles';
import { MailIcon } from './icons';
import { LogoMark } from './logo';
import { AudioIcon, FacebookIcon, InstagramIcon, LoopsIcon, VideoIcon, XIcon } from './social-icons';

interface SocialLink {
  key: keyof PublicStoreConfig['social'];
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** docs/behaviour/site.md#footer: video, social network, photo network, X, audio and loop sharing. */
const SOCIAL_LINKS: readonly SocialLink[] = [
  { key: 'video', label: 'YouTube', Icon: VideoIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'x', label: 'X', Icon: XIcon },
  { key: 'audio', label: 'SoundCloud', Icon: AudioIcon },
  { key: 'loops', label: 'Looperman', Icon: LoopsIcon },
];

const linkBase = `rounded-sm text-sm transition-colors hover:text-primary hover:underline underline-offset-4 ${focusRing}`;
const linkClass = `${linkBase} inline-flex min-h-8 items-center text-secondary`;
const headingClass = 'text-sm font-semibold text-primary';

function LinkColumn({ title, links }: { title: string; links: readonly NavLinkItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactLink({ label, email }: { label: string; email: string }) {
  return (
    <li>
      <p className="text-xs text-secondary">{label}</p>
      <a href={`mailto:${email}`} className={`${linkBase} mt-0.5 inline-flex min-h-8 items-center gap-2 break-all text-primary`}>
        <MailIcon className="size-4 shrink-0 text-secondary" />
        {email}
      </a>
    </li>
  );
}

export function SiteFooter({ config }: { config: PublicStoreConfig }) {
  const year = new Date().getFullYear();
  const productLinks = useProductLinks();
  return (
    <footer className={`border-t ${hairline} bg-background`}>
      <Container className="py-12 sm:py-14">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-4 lg:grid-cols-[1.5fr_1fr_1fr_1fr_1.3fr]">
          <div className="col-span-2 md:col-span-4 lg:col-span-1">
            <p className="flex items-center gap-2.5 text-lg font-bold tracking-tight">
              <LogoMark />
              {config.storeName}
            </p>
            <p className="mt-4 max-w-xs text-sm text-secondary">Music tools and sounds made by musicians, for musicians.</p>
          </div>

          <LinkColumn title="Products" links={productLinks} />
          <LinkColumn title="Company" links={PAGE_LINKS} />
          <LinkColumn title="Legal" links={POLICY_LINKS} />

          <div className="col-span-2 md:col-span-1">
            <h2 className={headingClass}>Contact</h2>
            <ul className="mt-3 space-y-3">
              <ContactLink label="General enquiries" email={config.contactEmail} />
              <ContactLink label="Support" email={config.supportEmail} />
            </ul>
          </div>
        </div>

        <div className={`mt-12 flex flex-col-reverse gap-6 border-t ${hairline} pt-6 sm:flex-row sm:items-center sm:justify-between`}>
          {/* A page rendered on the server before New Year (its clock, or a kept page) may carry last year. */}
          <p className="text-sm text-secondary" suppressHydrationWarning>
            © {year} {config.storeName}
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Follow us">
            {SOCIAL_LINKS.map(({ key, label, Icon }) => (
              <li key={key}>
                <a
                  href={config.social[key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                  title={label}
                  className={`inline-flex size-11 items-center justify-center rounded-full border ${hairline} text-secondary transition-colors hover:border-primary hover:text-primary ${focusRing}`}
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </footer>
  );
}
