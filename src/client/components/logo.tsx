import { Link } from '@tanstack/react-router';

export function CompassMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" className={className} aria-hidden="true">
      <rect width="512" height="512" rx="112" fill="#0f766e" />
      <circle cx="256" cy="256" r="156" fill="none" stroke="#fff" strokeWidth="28" />
      <g transform="rotate(45 256 256)">
        <path d="M256 120 L296 256 L216 256 Z" fill="#fbbf24" />
        <path d="M256 392 L216 256 L296 256 Z" fill="#fff" />
      </g>
    </svg>
  );
}

/** The brand, linking home ('/' sends logged-in users on to their dashboard). */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg text-lg font-bold whitespace-nowrap text-slate-900"
    >
      <CompassMark className="size-8 shrink-0" />
      {/* One line; on the narrowest phones it is cut short rather than wrapped. */}
      <span className="truncate">
        Kompass <span className="text-brand-700">Studio</span>
      </span>
    </Link>
  );
}
