import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { administratorListSchema, grantAdminRequestSchema, type Administrator, type GrantAdminRequest } from '@store/contracts/admin';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAdminApi } from '../api/admin-api-context';
import { useAdminSelf } from '../api/get-admin-self';
import { AdminCard, AdminPage } from '../components/admin-page';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage, fieldErrors } from '../utils/error-message';
import { formatDateTime } from '../utils/format';

const administratorsKey = ['admin', 'administrators'] as const;

/** /admin/administrators: who may use the back office, and granting or taking back the role. */
export default function AdministratorsPage() {
  const api = useAdminApi();
  const self = useAdminSelf();
  const list = useQuery({
    queryKey: administratorsKey,
    queryFn: async ({ signal }) => administratorListSchema.parse(await api.get('/administrators', signal)),
  });
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (email: string) => api.send('DELETE', `/administrators/${encodeURIComponent(email)}`),
    onSuccess: (_data, email) => {
      toast({ tone: 'success', title: `${email} is no longer an administrator` });
      return queryClient.invalidateQueries({ queryKey: administratorsKey });
    },
    onError: (error) => toast({ tone: 'error', title: 'The role was not removed', description: errorMessage(error) }),
    onSettled: () => setRemoving(null),
  });

  return (
    <AdminPage title="Administrators" description="People who can change the catalogue, releases and coupons. They sign in with their usual account.">
      <GrantForm />
      <AdminCard title="Who has the role">
        {list.isPending && <Skeleton className="h-24" />}
        {list.isError && (
          <Alert tone="error" title="The list could not be loaded">
            {errorMessage(list.error)}
          </Alert>
        )}
        {list.data && (
          <>
            <ul className="divide-y divide-border/40 dark:divide-border/70">
              {list.data.administrators.map((admin) => (
                <li key={admin.email} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-primary">
                      {admin.email}
                      {admin.email === self.data?.email && <span className="ml-2 text-sm font-normal text-secondary">(you)</span>}
                    </p>
                    <p className="text-sm text-secondary">
                      {admin.source === 'ADMIN_EMAILS'
                        ? 'Named in ADMIN_EMAILS: change the setting to remove them.'
                        : `Given the role by ${admin.grantedBy ?? 'an administrator'}${admin.grantedAt ? ` on ${formatDateTime(admin.grantedAt)}` : ''}.`}
                    </p>
                  </div>
                  {admin.source === 'granted' && (
                    <Button variant="danger" size="sm" onClick={() => setRemoving(admin)} disabled={revoke.isPending}>
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {list.data.rolesClaim && (
              <p className="mt-4 text-sm text-secondary">
                Your identity provider can also make people administrators: anyone whose token lists the role ‘admin’ in the claim {list.data.rolesClaim}.
              </p>
            )}
          </>
        )}
      </AdminCard>
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.email}?`}
          confirmLabel="Remove the role"
          onConfirm={() => revoke.mutate(removing.email)}
          onCancel={() => setRemoving(null)}
        >
          <p>They keep their account and their orders, but can no longer open the back office.</p>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

function GrantForm() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const form = useForm<GrantAdminRequest>({ resolver: zodResolver(grantAdminRequestSchema), defaultValues: { email: '' } });
  const grant = useMutation({
    mutationFn: (body: GrantAdminRequest) => api.send('POST', '/administrators', body),
    onSuccess: async (_data, body) => {
      toast({ tone: 'success', title: `${body.email} is now an administrator` });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: administratorsKey });
    },
    onError: (error) => form.setError('email', { message: fieldErrors(error).email ?? errorMessage(error) }),
  });
  return (
    <AdminCard
      title="Give someone the role"
      description="They need an account with a confirmed email address; they get in the next time they open the back office."
    >
      <form className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate onSubmit={form.handleSubmit((body) => grant.mutate(body))}>
        <FormField label="Email address" error={form.formState.errors.email?.message} className="flex-1">
          {(control) => (
            <input {...control} {...form.register('email')} type="email" autoComplete="off" className={inputClasses} placeholder="colleague@example.com" />
          )}
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={grant.isPending}>
          {grant.isPending ? 'Adding…' : 'Make administrator'}
        </Button>
      </form>
    </AdminCard>
  );
}
