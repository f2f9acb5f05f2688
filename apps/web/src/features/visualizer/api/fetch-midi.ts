/** GET a MIDI file and read it as a blob; a non-OK answer throws 'Failed to fetch: {statusText}' (spec §7). */
export async function fetchMidi(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Failed to fetch: ${response.statusText}`);
  return response.blob();
}
