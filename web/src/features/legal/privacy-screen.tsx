// /privacy: the Privacy Policy.
import { LegalPage } from './legal-page';
import { PRIVACY } from './legal-text';

export default function PrivacyScreen() {
  return <LegalPage kind="privacy" texts={PRIVACY} />;
}
