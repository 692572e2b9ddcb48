// Line icons of the main menu and of things that open; decorative, the text names the target.
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  className: 'size-6 md:size-5',
} as const;

export const MicIcon = () => (
  <svg {...common}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 10a7 7 0 0 0 14 0M12 17v5M8 22h8" />
  </svg>
);

export const CompassIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 8-2.5 5.5L8 16l2.5-5.5z" />
  </svg>
);

export const FlaskIcon = () => (
  <svg {...common}>
    <path d="M9 3h6M10 3v6L4.5 19a1.5 1.5 0 0 0 1.3 2h12.4a1.5 1.5 0 0 0 1.3-2L14 9V3M7 15h10" />
  </svg>
);

/** Something opens below (a menu, a fold); turned by its parent when open. */
export const ChevronDownIcon = () => (
  <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-600" aria-hidden="true">
    <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);
