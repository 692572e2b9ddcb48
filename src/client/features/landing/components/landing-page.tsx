import { PublicLayout } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { Faq } from './faq.tsx';
import { FeatureGrid } from './feature-grid.tsx';
import { Hero } from './hero.tsx';
import { NewsletterTeaser } from './newsletter-teaser.tsx';
import { Pricing } from './pricing-section.tsx';

/** '/': hero, features, pricing (basic, pro_one), FAQ, newsletter teaser, demo link (§1). */
export function LandingPage() {
  useDocumentTitle('');
  return (
    <PublicLayout>
      <Hero />
      <FeatureGrid />
      <Pricing />
      <Faq />
      <NewsletterTeaser />
    </PublicLayout>
  );
}
