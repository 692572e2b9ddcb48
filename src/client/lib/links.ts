// Addresses outside the app. Placeholders on the reserved .example domain until the real pages
// exist; change them here only.
export const links = {
  help: 'https://kompass-studio.example/hilfe',
  club: 'https://kompass-studio.example/club',
  newsletter: 'https://kompass-studio.example/newsletter',
  blog: 'https://kompass-studio.example/blog',
  imprint: 'https://kompass-studio.example/impressum',
  about: 'https://kompass-studio.example/ueber-das-projekt',
  /** Demo booking: a calendar page, or a mail as long as there is none. */
  demo: 'mailto:demo@kompass-studio.example?subject=Demo%20von%20Kompass%20Studio',
  /** Social profiles, shown on the project page. */
  social: [
    { label: 'Instagram', href: 'https://kompass-studio.example/instagram' },
    { label: 'LinkedIn', href: 'https://kompass-studio.example/linkedin' },
    { label: 'Mastodon', href: 'https://kompass-studio.example/mastodon' },
  ],
  /** The admin panel (§6), opened in a new tab. */
  admin: '/nova',
} as const;

export const supportEmail = 'support@kompass-studio.example';
