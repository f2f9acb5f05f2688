/** GET a MIDI file and read it as a blob; a non-OK answer throws 'Failed to fetch: {statusText}' (docs/behaviour/visualiser.md#landing-midi-file). */
export async function fetchMidi(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Failed to fetch: ${response.statusText}`);
  return response.blob();
}
