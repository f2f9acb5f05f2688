import { LIVE_VISITORS_MINUTES } from '@store/contracts/admin';
import { useLiveVisitors } from './api/get-live-visitors';
import { formatCount } from './analytics-format';

/** "Live: 3 visitors in the last 30 minutes", asked again every 30 seconds while the page is open. */
export function LiveVisitors() {
  const live = useLiveVisitors();
  const window = `in the last ${LIVE_VISITORS_MINUTES} minutes`;
  const text = live.isPending
    ? `Live: counting visitors ${window}…`
    : live.isError
      ? `Live: visitors ${window} could not be counted just now`
      : `Live: ${formatCount(live.data.visitors)} ${live.data.visitors === 1 ? 'visitor' : 'visitors'} ${window}`;
  const counting = live.isSuccess && live.data.recording;
  return (
    <p
      role="status"
      className="inline-flex items-center gap-2 rounded-full border border-border/40 bg-background px-3 py-1.5 text-sm text-primary dark:border-border/70"
    >
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${counting ? 'bg-success motion-safe:animate-pulse' : 'bg-secondary'}`} />
      {text}
    </p>
  );
}
