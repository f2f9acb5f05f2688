/** The Play or Pause symbol of every player in the store (sample previews, Lyra's sketches). */
export function PlayPauseIcon({ playing, className = 'size-4' }: { playing: boolean; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="currentColor">
      {playing ? (
        <path d="M5 4h3.5v12H5zM11.5 4H15v12h-3.5z" />
      ) : (
        <path d="M6 4.2v11.6a.7.7 0 0 0 1.06.6l9.3-5.8a.7.7 0 0 0 0-1.2l-9.3-5.8A.7.7 0 0 0 6 4.2Z" />
      )}
    </svg>
  );
}
