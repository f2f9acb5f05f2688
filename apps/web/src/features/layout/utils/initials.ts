/** One or two letters standing in for a missing profile picture. */
export function initials(name: string, email = ''): string {
  const source = name.includes('@') || name.trim() === '' ? '' : name;
  const words = source.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (first) return `${first[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  const fallback = (email || name).trim()[0];
  return fallback ? fallback.toUpperCase() : '?';
}
