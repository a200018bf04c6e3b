import { useMemo } from 'react';
import { useT } from '../lib/i18n';
import { useCalcs } from '../stores/calcs';
import { useSession } from '../stores/session';
import { appMessages } from './messages';

export interface NavItem {
  id: string;
  label: string;
}

/** Calculators opened here (unsaved ones marked) and then the user's saved ones (spec §2). */
export function useNavItems(): NavItem[] {
  const t = useT(appMessages);
  const calcs = useCalcs((s) => s.calcs);
  const order = useCalcs((s) => s.order);
  const user = useSession((s) => s.user);
  return useMemo(() => {
    const items: NavItem[] = [];
    const seen = new Set<string>();
    const name = (value: unknown) =>
      typeof value === 'string' && value.trim() ? value : t('untitled');
    for (const id of order) {
      const calc = calcs[id];
      if (!calc) continue;
      seen.add(id);
      items.push({ id, label: (calc.saved ? '' : t('unsavedPrefix')) + name(calc.doc.name) });
    }
    for (const calc of user?.calcs ?? []) {
      if (seen.has(calc._id)) continue;
      items.push({ id: calc._id, label: name(calc.doc?.name) });
    }
    return items;
  }, [calcs, order, user, t]);
}
