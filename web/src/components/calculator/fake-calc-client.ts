// For tests: the page's calculation client on fake workers, made anew before each test of
// the file that calls it (with an English UI) and taken away after it.
import { afterEach, beforeEach } from 'vitest';
import { CalcWorkerClient } from '../../lib/engine/client';
import { useUi } from '../../stores/ui';
import { fakeWorkers } from '../../testing/fake-worker';
import { setCalcClientForTests } from './use-calculation';

/** The fake workers the client starts; emptied before each test. */
export function calcClientOnFakeWorkers(): ReturnType<typeof fakeWorkers> {
  const fake = fakeWorkers();
  beforeEach(() => {
    fake.workers.length = 0;
    fake.factory.mockClear();
    setCalcClientForTests(new CalcWorkerClient(fake.factory));
    useUi.setState({ locale: 'en' });
  });
  afterEach(() => {
    setCalcClientForTests(null);
  });
  return fake;
}
