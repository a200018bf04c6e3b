// /terms: the Terms of Service.
import { LegalPage } from './legal-page';
import { TERMS } from './legal-text';

export default function TermsScreen() {
  return <LegalPage kind="terms" texts={TERMS} />;
}
