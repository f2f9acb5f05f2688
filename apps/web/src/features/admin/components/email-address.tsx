/**
 * An email address in a narrow column: it wraps before the `@` first, and breaks inside a part only
 * when that part alone is wider than the column. (`break-words`, not `anywhere`: a table then sizes
 * the column to the longest part instead of squeezing it to a letter.)
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="break-words">{email}</span>;
  return (
    <span className="break-words">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
