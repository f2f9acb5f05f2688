import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REFUND_REASON_MAX, type OrderDetail } from '@store/contracts/admin';
import { ApiError } from '#web/lib/api-client.ts';
import { useModalDialog } from '#web/components/ui/use-modal-dialog.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage, fieldErrors } from '../utils/error-message';
import { money, plural, PROVIDER_LABELS, refundPlan, unitsLeft, type RefundPlan } from './order-display';
import { useRefundOrder } from './orders-api';

type Step = 'choose' | 'confirm' | 'sent';

/** What to do after a refused refund, by the answer's status (the server's message says what happened). */
function nextStep(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Nothing was refunded. Check your connection and try again.';
  if (error.status === 409) return 'Nothing more was refunded. Close this window: the order shows what has been refunded so far.';
  if (error.status === 422) return 'Nothing was refunded.';
  if (error.status === 502) return 'Nothing was refunded. Try again in a few minutes; if it keeps failing, refund it in the payment provider’s dashboard.';
  if (error.status === 400) return 'Correct what is marked and send it again.';
  return 'Nothing was refunded. Try again in a moment.';
}

/** A refusal that sending again cannot change: another refund is under way, or nothing is left to refund. */
const settledRefusal = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 422);

/**
 * Refund the whole order or some units of some lines, with a reason: choose, then confirm what it
 * will revoke, then wait for the payment provider's return event (the order is polled meanwhile).
 * A modal `<dialog>`: the page behind is inert, Escape closes it, focus returns where it was.
 */
export function RefundDialog({ detail, onClose }: { detail: OrderDetail; onClose(): void }) {
  const dialog = useModalDialog(onClose);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sending = useRef(false);
  const titleId = useId();
  const refund = useRefundOrder(detail.order.id);
  const { order } = detail;
  const refundable = detail.lines.filter((line) => unitsLeft(line) > 0);

  const [step, setStep] = useState<Step>('choose');
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(() => new Map(refundable.map((line) => [line.id, unitsLeft(line)])));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The request made and what it was to do (the order changes as it completes). */
  const [sent, setSent] = useState<{ requestId: number; plan: RefundPlan } | null>(null);

  // Each step starts at its heading, so a screen reader reads what the step is about.
  useEffect(() => headingRef.current?.focus(), [step]);

  const plan = refundPlan(detail, chosen);
  const lines = [...chosen.entries()].filter(([, quantity]) => quantity > 0).map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
  const provider = PROVIDER_LABELS[order.provider];
  const request = sent && detail.refundRequests.find((candidate) => candidate.id === sent.requestId);
  const reasonError = problem ?? fieldErrors(refund.error).reason;

  const setUnits = (lineId: number, quantity: number) =>
    setChosen((current) => {
      const next = new Map(current);
      next.set(lineId, quantity);
      return next;
    });

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (lines.length === 0) return setProblem(null);
    if (!reason.trim()) return setProblem('Say why the order is refunded: the customer sees the reason.');
    setProblem(null);
    refund.reset();
    setStep('confirm');
  };

  const send = () => {
    // A double click, or a click while the answer is on its way, sends once.
    if (sending.current) return;
    sending.current = true;
    refund.mutate(
      { lines, reason: reason.trim() },
      {
        onSuccess: (created) => {
          setSent({ requestId: created.request.id, plan });
          setStep('sent');
        },
        onError: (error) => {
          if (fieldErrors(error).reason) setStep('choose');
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const title =
    step === 'choose'
      ? `Refund order ${order.reference}`
      : step === 'confirm'
        ? `Refund ${money(plan.amountMinor, order.currency)}?`
        : request?.status === 'completed'
          ? 'Refunded'
          : request?.status === 'failed'
            ? 'The refund failed'
            : 'Refund requested';

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      className="fixed inset-0 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl overflow-y-auto rounded-xl border border-border bg-background p-0 text-primary shadow-2xl backdrop:bg-black/70"
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          {title}
        </h2>

        {step === 'choose' && (
          <form className="mt-4 flex flex-col gap-5" onSubmit={review} noValidate>
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-semibold">What to refund</legend>
              {refundable.map((line) => {
                const quantity = chosen.get(line.id) ?? 0;
                const left = unitsLeft(line);
                return (
                  <div key={line.id} className="flex flex-col gap-2 rounded-lg border border-border/60 p-3 sm:flex-row sm:items-center sm:justify-between">
                    <label className="flex min-h-11 items-center gap-3">
                      <input
                        type="checkbox"
                        className="size-5 accent-accent"
                        checked={quantity > 0}
                        onChange={(event) => setUnits(line.id, event.target.checked ? left : 0)}
                      />
                      <span>
                        <span className="font-medium">{line.display}</span>
                        <span className="block text-sm text-secondary">
                          {left < line.quantity ? `${left} of ${line.quantity} units left to refund` : plural(line.quantity, 'unit')}
                        </span>
                      </span>
                    </label>
                    {left > 1 && quantity > 0 && (
                      <label className="flex items-center gap-2 text-sm">
                        Units
                        <select className={`${inputClasses} w-24`} value={quantity} onChange={(event) => setUnits(line.id, Number(event.target.value))}>
                          {Array.from({ length: left }, (_, index) => index + 1).map((count) => (
                            <option key={count} value={count}>
                              {count}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                  </div>
                );
              })}
              {lines.length === 0 && (
                <p className="text-sm font-medium text-danger" role="alert">
                  Choose at least one line to refund.
                </p>
              )}
            </fieldset>
            <FormField label="Reason" error={reasonError}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  required
                  maxLength={REFUND_REASON_MAX}
                  className={inputClasses}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              )}
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={lines.length === 0}>
                Continue
              </Button>
            </div>
          </form>
        )}

        {step === 'confirm' && (
          <div className="mt-4 flex flex-col gap-4">
            <ul className="flex list-disc flex-col gap-2 pl-5 text-primary">
              <li>
                {money(plan.amountMinor, order.currency)} goes back to {detail.customer.email} through {provider}
                {order.taxMinor > 0 ? ' (plus the tax charged on it)' : ''}.
              </li>
              {plan.revokedKeys.length > 0 && (
                <li>
                  {plural(plan.revokedKeys.length, 'licence key')} will be revoked:{' '}
                  {plan.revokedKeys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && ', '}
                      <code className="font-mono text-sm break-all">{key}</code>
                    </span>
                  ))}
                  . Their computers are signed out.
                </li>
              )}
              {plan.downloadsStop.map((product) => (
                <li key={product}>Downloads of {product} stop.</li>
              ))}
              <li>The customer is emailed.</li>
              <li>
                Reason: <q>{reason.trim()}</q>
              </li>
            </ul>
            {refund.isError && (
              <Alert tone="error" title="The refund was not sent">
                {errorMessage(refund.error)} {nextStep(refund.error)}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setStep('choose')} disabled={refund.isPending}>
                Back
              </Button>
              {settledRefusal(refund.error) ? (
                <Button onClick={onClose}>Close</Button>
              ) : (
                <Button variant="danger" onClick={send} disabled={refund.isPending}>
                  {refund.isPending ? 'Refunding…' : `Refund ${money(plan.amountMinor, order.currency)}`}
                </Button>
              )}
            </div>
          </div>
        )}

        {step === 'sent' && (
          <div className="mt-4 flex flex-col gap-4">
            {request?.status === 'completed' ? (
              <Alert tone="success" title={`${provider} confirmed the refund.`}>
                {sent && sent.plan.revokedKeys.length > 0 ? `${plural(sent.plan.revokedKeys.length, 'licence key')} revoked; ` : ''}the customer has been
                emailed.
              </Alert>
            ) : request?.status === 'failed' ? (
              <Alert tone="error" title={`${provider} did not refund the order.`}>
                {request.failure ?? 'No reason was given.'} Nothing was revoked; you can try again.
              </Alert>
            ) : (
              <div role="status" className="flex items-center gap-3 text-secondary">
                <span
                  aria-hidden="true"
                  className="size-5 shrink-0 animate-spin rounded-full border-2 border-border border-t-accent motion-reduce:animate-none"
                />
                <span>Refund requested. Waiting for {provider} to confirm… You can close this window: the order updates when it does.</span>
              </div>
            )}
            <div className="flex justify-end">
              <Button variant={request?.status === 'pending' || !request ? 'secondary' : 'primary'} onClick={onClose}>
                Close
              </Button>
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
