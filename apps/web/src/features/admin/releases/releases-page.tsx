import { paths } from '@store/contracts/paths';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ProductReleases, Release, VersionFile } from '@store/contracts/admin';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminCard, AdminPage } from '../components/admin-page';
import { errorMessage } from '../utils/error-message';
import { ReleaseForm } from './release-form';
import { useProductReleases, useReleaseActions } from './releases-api';
import { VersionCard } from './version-card';

type Pending = { kind: 'publish'; release: Release } | { kind: 'delete'; release: Release } | { kind: 'remove-file'; release: Release; file: VersionFile };

/** /admin/products/:productId/releases: a product's versions, drafts and files, and publishing them. */
export default function ReleasesPage() {
  const productId = Number(useParams().productId);
  if (!Number.isInteger(productId) || productId <= 0) {
    return (
      <AdminPage title="Releases">
        <Alert tone="error" title="No such product">
          The address does not name a product. Open Releases from the product list.
        </Alert>
      </AdminPage>
    );
  }
  return <Releases productId={productId} />;
}

function Releases({ productId }: { productId: number }) {
  const releases = useProductReleases(productId);
  const data = releases.data;
  return (
    <AdminPage
      title={data ? `${data.product.display}: releases` : 'Releases'}
      description="Prepare a version as a draft, add its files, then publish it: it becomes the one shoppers and owners download."
      actions={
        <ButtonLink variant="secondary" to={paths.admin.product.getHref(productId)}>
          Edit the product
        </ButtonLink>
      }
    >
      {releases.isPending && <Skeleton className="h-48" />}
      {releases.isError && (
        <Alert tone="error" title="The versions could not be loaded">
          {errorMessage(releases.error)} Reload the page to try again.
        </Alert>
      )}
      {data && <ReleaseList productId={productId} data={data} />}
    </AdminPage>
  );
}

function ReleaseList({ productId, data }: { productId: number; data: ProductReleases }) {
  const actions = useReleaseActions(productId);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const currentVersion = data.versions.find((release) => release.current)?.version ?? null;
  const busy = actions.publish.isPending || actions.deleteDraft.isPending || actions.deleteFile.isPending;

  const failed = (title: string) => (error: unknown) => toast({ tone: 'error', title, description: errorMessage(error) });
  const confirm = () => {
    if (!pending) return;
    const { release } = pending;
    setPending(null);
    if (pending.kind === 'publish') {
      actions.publish.mutate(release.id, {
        onSuccess: (result) =>
          toast({
            tone: 'success',
            title: `Version ${release.version} is published`,
            description:
              result.emailsQueued > 0 ? `${result.emailsQueued} release email${result.emailsQueued === 1 ? ' is' : 's are'} on their way.` : undefined,
          }),
        onError: failed(`Version ${release.version} was not published`),
      });
    } else if (pending.kind === 'delete') {
      actions.deleteDraft.mutate(release.id, {
        onSuccess: () => toast({ tone: 'success', title: `Draft ${release.version} deleted` }),
        onError: failed('The draft was not deleted'),
      });
    } else {
      const { file } = pending;
      actions.deleteFile.mutate(
        { versionId: release.id, fileId: file.id },
        { onSuccess: () => toast({ tone: 'success', title: `${file.filename} removed` }), onError: failed(`${file.filename} was not removed`) },
      );
    }
  };

  return (
    <>
      {creating ? (
        <AdminCard title="New version" description="It is saved as a draft: nobody sees it until you publish it.">
          <ReleaseForm
            currentVersion={currentVersion}
            onSubmit={async (body) => {
              const created = await actions.save.mutateAsync({ body });
              toast({ tone: 'success', title: `Draft ${created.version} created`, description: 'Add its files, then publish it.' });
              setCreating(false);
            }}
            onCancel={() => setCreating(false)}
          />
        </AdminCard>
      ) : (
        <div>
          <Button onClick={() => setCreating(true)}>New version</Button>
        </div>
      )}
      {busy && (
        <p role="status" className="text-sm text-secondary">
          Working…
        </p>
      )}
      {data.versions.length === 0 && <p className="text-secondary">No versions yet. Create the first one with ‘New version’.</p>}
      <div className="flex flex-col gap-4">
        {data.versions.map((release) =>
          editingId === release.id ? (
            <AdminCard key={release.id} title={`Edit version ${release.version}`}>
              <ReleaseForm
                editing={release}
                currentVersion={currentVersion}
                onSubmit={async (body) => {
                  await actions.save.mutateAsync({ versionId: release.id, body });
                  toast({ tone: 'success', title: `Version ${body.version} saved` });
                  setEditingId(null);
                }}
                onCancel={() => setEditingId(null)}
              />
            </AdminCard>
          ) : (
            <VersionCard
              key={release.id}
              productId={productId}
              release={release}
              needsFiles={data.product.downloadable}
              busy={busy}
              onEdit={() => setEditingId(release.id)}
              onPublish={() => setPending({ kind: 'publish', release })}
              onDelete={() => setPending({ kind: 'delete', release })}
              onRemoveFile={(file) => setPending({ kind: 'remove-file', release, file })}
              onFileAdded={() => void actions.fileAdded()}
            />
          ),
        )}
      </div>
      {pending && <PendingDialog pending={pending} product={data} onConfirm={confirm} onCancel={() => setPending(null)} />}
    </>
  );
}

function PendingDialog({ pending, product, onConfirm, onCancel }: { pending: Pending; product: ProductReleases; onConfirm(): void; onCancel(): void }) {
  const { release } = pending;
  if (pending.kind === 'publish') {
    const owners = product.optedInOwners;
    return (
      <ConfirmDialog title={`Publish version ${release.version}?`} confirmLabel="Publish" confirmVariant="primary" onConfirm={onConfirm} onCancel={onCancel}>
        <p>Shoppers and owners see it at once; as the newest by release date it becomes the version they download.</p>
        <p className="mt-2">
          {owners === 0
            ? 'No owner has asked for release emails, so no email is sent.'
            : `${owners} owner${owners === 1 ? ' who asked for release emails gets' : 's who asked for release emails get'} an email about it.`}
        </p>
      </ConfirmDialog>
    );
  }
  if (pending.kind === 'delete') {
    return (
      <ConfirmDialog title={`Delete draft ${release.version}?`} confirmLabel="Delete draft" onConfirm={onConfirm} onCancel={onCancel}>
        <p>The draft and its {release.files.length === 1 ? 'file' : `${release.files.length} files`} are deleted for good.</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog title={`Remove ${pending.file.filename}?`} confirmLabel="Remove file" onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        The file is deleted from storage.
        {release.publishedAt ? ' Owners can no longer download it from this version.' : ''}
      </p>
    </ConfirmDialog>
  );
}
