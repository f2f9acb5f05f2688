import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  COMPLIMENTARY_PURPOSE_LABELS,
  COMPLIMENTARY_PURPOSES,
  MAX_COMPLIMENTARY_SEATS,
  type ComplimentaryLicenceCreated,
  type ComplimentaryPurpose,
} from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { AdminCard, AdminPage } from '../components/admin-page';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage, fieldErrors } from '../utils/error-message';
import { useComplimentaryProducts, useIssueComplimentary } from './licences-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /admin/licences/complimentary: give a licence (not for resale, press, bundle partner) to an email address. */
export default function ComplimentaryLicencePage() {
  const products = useComplimentaryProducts();
  const issue = useIssueComplimentary();
  const [email, setEmail] = useState('');
  const [productId, setProductId] = useState('');
  const [purpose, setPurpose] = useState<ComplimentaryPurpose>('nfr');
  const [note, setNote] = useState('');
  const [seats, setSeats] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ComplimentaryLicenceCreated | null>(null);
  const chosen = products.data?.products.find((product) => String(product.id) === productId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!EMAIL.test(email.trim())) found.email = 'Enter a valid email address, like name@example.com.';
    if (!productId) found.productId = 'Choose a product.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    issue.mutate(
      {
        email: email.trim(),
        productId: Number(productId),
        purpose,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(seats ? { seats: Number(seats) } : {}),
      },
      {
        onSuccess: (answer) => setCreated(answer),
        onError: (error) => setErrors({ ...fieldErrors(error) }),
      },
    );
  };

  if (created) {
    return (
      <AdminPage title="Complimentary licence issued">
        <AdminCard>
          <div className="flex flex-col gap-4">
            <Alert tone="success" title="Issued">
              {created.message}
            </Alert>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-lg font-semibold break-all">{created.key}</span>
              <CopyButton value={created.key} label="the licence key" />
            </div>
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={paths.admin.licence.getHref(created.licenceId)}>Open the licence</ButtonLink>
              <ButtonLink to={paths.admin.order.getHref(created.orderId)} variant="secondary">
                Open order {created.reference}
              </ButtonLink>
              <Button
                variant="ghost"
                onClick={() => {
                  setCreated(null);
                  setEmail('');
                  setNote('');
                  issue.reset();
                }}
              >
                Issue another
              </Button>
            </div>
          </div>
        </AdminCard>
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title="Issue a complimentary licence"
      description="For press, a bundle partner or a not-for-resale copy. It is a $0 order the recipient sees in their account, with the usual confirmation email and key."
    >
      <AdminCard>
        {products.isPending && <Skeleton className="h-40" />}
        {products.isError && (
          <Alert tone="error" title="The products could not be loaded">
            {errorMessage(products.error)}
          </Alert>
        )}
        {products.data && (
          <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
            <FormField label="Email" error={errors.email} hint="The recipient signs in with this address to see the licence.">
              {(control) => (
                <input
                  {...control}
                  type="email"
                  autoComplete="off"
                  className={inputClasses}
                  value={email}
                  maxLength={254}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Product" error={errors.productId} hint={products.data.products.length === 0 ? 'No licensed, paid product yet.' : undefined}>
              {(control) => (
                <select {...control} className={inputClasses} value={productId} onChange={(event) => setProductId(event.target.value)}>
                  <option value="">Choose a product</option>
                  {products.data.products.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.displayName}
                      {product.live ? '' : ' (draft)'}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Purpose" error={errors.purpose} hint="Not-for-resale keys are marked NFR; press and partner keys are ordinary perpetual keys.">
              {(control) => (
                <select {...control} className={inputClasses} value={purpose} onChange={(event) => setPurpose(event.target.value as ComplimentaryPurpose)}>
                  {COMPLIMENTARY_PURPOSES.map((value) => (
                    <option key={value} value={value}>
                      {COMPLIMENTARY_PURPOSE_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Computers (optional)" error={errors.seats} hint={chosen ? `The product's own number is ${chosen.seats}.` : undefined}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={1}
                  max={MAX_COMPLIMENTARY_SEATS}
                  className={`${inputClasses} sm:w-32`}
                  value={seats}
                  onChange={(event) => setSeats(event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Note (optional)" error={errors.note} hint="Kept in the audit log, e.g. the magazine or the bundle.">
              {(control) => (
                <textarea {...control} rows={2} maxLength={500} className={inputClasses} value={note} onChange={(event) => setNote(event.target.value)} />
              )}
            </FormField>
            {issue.isError && Object.keys(fieldErrors(issue.error)).length === 0 && (
              <Alert tone="error" title="The licence was not issued">
                {errorMessage(issue.error)}
              </Alert>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={issue.isPending}>
                {issue.isPending ? 'Issuing…' : 'Issue licence'}
              </Button>
              <Link to={paths.admin.licences.getHref()} className="inline-flex min-h-11 items-center px-2 text-primary underline underline-offset-2">
                Back to the licence desk
              </Link>
            </div>
          </form>
        )}
      </AdminCard>
    </AdminPage>
  );
}
