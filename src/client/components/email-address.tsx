/**
 * An e-mail address that wraps at the '@' when the line is too short ('erika.musterfrau' /
 * '@example.org'), not mid-word ('…@exam' / 'ple.org'); only a part longer than the
 * whole line still breaks inside. Nothing is cut off, so the whole address stays readable.
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={`break-words ${className}`} data-email="">
      {at > 0 ? (
        <>
          {/* Each part a box of its own: it moves to the next line whole (a hyphen inside is no
              place to break), and breaks inside only when it is wider than the line. */}
          <span className="inline-block max-w-full">{email.slice(0, at)}</span>
          <span className="inline-block max-w-full">{email.slice(at)}</span>
        </>
      ) : (
        email
      )}
    </span>
  );
}
