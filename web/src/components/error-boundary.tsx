import { Component, type ReactNode } from 'react';
import { componentMessages } from './messages';
import { translate } from '../lib/i18n';
import { useUi } from '../stores/ui';

interface State {
  failed: boolean;
}

/** Every screen has one: a broken screen says so instead of blanking the app. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const locale = useUi.getState().locale;
    return (
      <div className="screen-error" role="alert">
        <p>{translate(componentMessages, locale, 'somethingBroke')}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {translate(componentMessages, locale, 'reload')}
        </button>
      </div>
    );
  }
}
