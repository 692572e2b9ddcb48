// The podcast strategy's seven sections (§2 'Podcast-Strategie'). No zod here (Entscheidung
// SHR-6): the dashboard's strategy widget shows them without loading the schema
// library; podcasts.ts builds the strategy's schema from `strategyFields`.

export const strategyFields = [
  'subject',
  'audience',
  'uniqueness',
  'tailwind',
  'motivation',
  'referability',
  'expenditure',
] as const;
/**
 * The strategy's seven sections (§2 'Podcast-Strategie'): the label the dashboard and the edit
 * screen show, and the question each asks while its answer is empty.
 */
export const strategySections: Record<(typeof strategyFields)[number], { label: string; question: string }> =
  {
    subject: {
      label: 'Thematik',
      question: 'Worum geht es in deinem Podcast, und welche Themen behandelst du?',
    },
    audience: {
      label: 'Audience',
      question: 'Wer soll deinen Podcast hören? Beschreibe deine Hörer*innen so genau wie möglich.',
    },
    uniqueness: {
      label: 'USP',
      question: 'Was unterscheidet deinen Podcast von anderen Podcasts zum gleichen Thema?',
    },
    tailwind: {
      label: 'Rückenwind',
      question: 'Was spielt dir in die Karten: Kontakte, Vorwissen, eine Community oder ein aktueller Trend?',
    },
    motivation: {
      label: 'Transformation',
      question: 'Was sollen deine Hörer*innen nach einer Folge wissen, fühlen oder anders machen?',
    },
    referability: {
      label: 'Empfehlbarkeit',
      question: 'Warum sollten deine Hörer*innen deinen Podcast weiterempfehlen?',
    },
    expenditure: {
      label: 'Aufwände',
      question: 'Wie viel Zeit und Geld kannst und willst du in deinen Podcast stecken?',
    },
  };
